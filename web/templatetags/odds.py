"""``{{ p|percent }}``: a probability as a whole percentage, "<1%" and ">99%" where rounding
would show a decided 0 or 100 that is not."""

from django import template

register = template.Library()


@register.filter
def percent(probability: float) -> str:
    if probability in (0, 1):
        return f"{probability:.0%}"
    if probability < 0.005:
        return "<1%"
    if probability > 0.995:
        return ">99%"
    return f"{probability:.0%}"

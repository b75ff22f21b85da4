from rest_framework.pagination import PageNumberPagination


class Pages(PageNumberPagination):
    """``?page=N`` with ``PAGE_SIZE`` results, or ``?page_size=`` up to 200, so a client can fetch a season at once."""

    page_size_query_param = "page_size"
    max_page_size = 200

"""English dates as the league office has always shown them (ISO day, 24-hour clock), where
Django's English defaults would be American ("11/28/2026 3 p.m.")."""

SHORT_DATETIME_FORMAT = "Y-m-d H:i"
SHORT_DATE_FORMAT = "Y-m-d"
TIME_FORMAT = "H:i"

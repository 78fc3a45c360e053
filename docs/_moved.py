"""A page that no longer exists, kept so that old links to it still work.

It sends the reader on to the same anchor on the page that has it now, or, without an anchor
(or with one that no page has), to a default page.
Readers without JavaScript get a refresh to the default page and a link to it.
docs/conf.py writes one for the old single API page (``api.html``); docs/check_pages.py finds
it by its ``<script id="moved-to" type="application/json">`` map and follows it in Chromium.

Only the standard library: the tests load this file on its own.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence

# The script: the anchor asked for, looked up in the map, and the reader sent on with it.
_SCRIPT = """\
(function () {
  var moved = JSON.parse(document.getElementById("moved-to").textContent);
  var wanted = location.hash.slice(1);
  try {
    wanted = decodeURIComponent(wanted);
  } catch (error) {}
  for (var page in moved.pages) {
    if (wanted && moved.pages[page].indexOf(wanted) !== -1) {
      location.replace(page + location.hash);
      return;
    }
  }
  location.replace(moved.default);
})();"""


def moved_page(
    *, pages: Mapping[str, Sequence[str]], default: str, title: str, notice: str, link: str
) -> str:
    """Return the HTML of a page that sends its readers on.

    Args:
        pages: The anchors each page now has, by the page's URL relative to the moved page.
        default: Where a reader goes without an anchor, or with one no page has.
        title: The page's title.
        notice: The sentence shown to a reader whose browser does not go on by itself.
        link: The text of the link to *default* after it.
    """
    # "<", ">" and "&" escaped, so that no text of the map can end the script element.
    data = (
        json.dumps({"default": default, "pages": pages}, ensure_ascii=False, sort_keys=True)
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
    )
    url = html.escape(default)
    return f"""\
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>{html.escape(title)}</title>
<script id="moved-to" type="application/json">{data}</script>
<script>
{_SCRIPT}
</script>
<noscript><meta http-equiv="refresh" content="0; url={url}"></noscript>
</head>
<body>
<p>{html.escape(notice)} <a href="{url}">{html.escape(link)}</a></p>
</body>
</html>
"""

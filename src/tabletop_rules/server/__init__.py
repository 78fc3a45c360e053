"""An HTTP server that speaks bcdice-api v2, for the generic dice and every rule system.

Bots and tools that already call a bcdice-api server (``/v2/game_system/{id}/roll?command=…``)
reach the library's systems when pointed at this one: it answers bcdice-api's routes with
bcdice-api's JSON shapes, for BCDice's generic dice bot (``DiceBot``, the library's common
dice language) and for every registered rule system (``m20``, ``bar2d6``, ``bayside23``,
``skirmish``, and any plugin), and adds the exact probability of a check as ``probability``.
Its own routes check a sheet, export a character (:mod:`tabletop_rules.exports`) and verify a
``GameRecord``; ``/openapi.json`` describes them all.

It needs the ``server`` extra (``pip install 'tabletop_rules[server]'``: Starlette and
uvicorn) and is not imported by ``import tabletop_rules``.
Run it with ``tabletop-rules serve`` or :func:`run`; build the ASGI application for another
server with :func:`create_app`.

It keeps no state between requests, and is made to face the open internet: every limit of
the notation and of JSON input holds, a body over :attr:`ServerSettings.body_limit` is
refused with 413 before it is read whole, each request's work has
:attr:`ServerSettings.timeout` seconds, and every error is JSON —
``{"ok": false, "reason": …}`` — with no stack trace.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

import attrs

from tabletop_rules._arguments import a_flag, a_text, checked_text
from tabletop_rules.errors import InvalidData

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from tabletop_rules.systems import Registry

__all__ = [
    "DEFAULT_BODY_LIMIT",
    "DEFAULT_TIMEOUT",
    "ServerSettings",
    "create_app",
    "run",
]

#: The largest request body served, in bytes (a record of some thousands of events).
DEFAULT_BODY_LIMIT: Final = 1_048_576
#: The seconds one request's work may take.
DEFAULT_TIMEOUT: Final = 2.0


def _positive_number(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise InvalidData(
            f"$.{attribute.name}", "error.wrong_type", expected="a number > 0", given=repr(value)
        )


def _admin(value: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(
        {
            key: checked_text(value.get(key, ""), f"$.admin.{key}")
            for key in ("name", "url", "email")
        }
    )


@attrs.frozen(kw_only=True)
class ServerSettings:
    """How the server answers.

    .. versionadded:: 0.1.0
    """

    #: The language of answers that ask for none (``?locale=`` or Accept-Language).
    locale: str = attrs.field(default="en", validator=a_text)
    #: Whether roll answers carry the extra ``probability`` (and errors a ``message``);
    #: ``False`` keeps bcdice-api's fields only, for clients that refuse any other.
    extras: bool = attrs.field(default=True, validator=a_flag)
    #: The largest request body, in bytes.
    body_limit: int = attrs.field(default=DEFAULT_BODY_LIMIT, validator=_positive_number)  # pyright: ignore[reportAssignmentType]
    #: The seconds one request's work may take (503 after that).
    timeout: float = attrs.field(default=DEFAULT_TIMEOUT, validator=_positive_number)
    #: ``/v2/admin``: the operator's ``name``, ``url`` (terms of use) and ``email``.
    admin: Mapping[str, str] = attrs.field(factory=lambda: _admin({}), converter=_admin)


def create_app(
    settings: ServerSettings | None = None, *, registry: Registry | None = None
) -> Starlette:
    """The ASGI application (Starlette) for *settings*, serving *registry*'s systems.

    Raises:
        InvalidData: An argument of the wrong type.

    .. versionadded:: 0.1.0
    """
    from tabletop_rules._arguments import checked
    from tabletop_rules.server._app import build
    from tabletop_rules.systems import Registry

    settings = (
        ServerSettings()
        if settings is None
        else checked(settings, ServerSettings, "$.settings", "server.ServerSettings")
    )
    found = (
        Registry.default()
        if registry is None
        else checked(registry, Registry, "$.registry", "systems.Registry")
    )
    return build(settings, found)


def run(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    locale: str = "en",
    extras: bool = True,
    settings: ServerSettings | None = None,
) -> None:
    """Serve with uvicorn until interrupted (``tabletop-rules serve``).

    *settings* wins over *locale* and *extras* when given. The server header is not sent,
    forwarded-for headers are not trusted, and idle connections close after 5 seconds.

    .. versionadded:: 0.1.0
    """
    import uvicorn

    chosen = settings or ServerSettings(locale=locale, extras=extras)
    uvicorn.run(
        create_app(chosen),
        host=host,
        port=port,
        server_header=False,
        proxy_headers=False,
        timeout_keep_alive=5,
        limit_concurrency=1024,
        h11_max_incomplete_event_size=16 * 1024,
        log_level="info",
    )

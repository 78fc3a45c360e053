"""The Starlette application: bcdice-api v2's routes and the library's own, safe to expose.

Each request's work runs in a worker thread under the settings' time bound; a body over the
cap is refused before it is read whole; every error is JSON (``{"ok": false, "reason": ...}``)
and no answer holds a stack trace.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import parse_qs

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tabletop_rules.i18n import resolve_locale, translate
from tabletop_rules.server import _library, _rolls
from tabletop_rules.server._openapi import openapi
from tabletop_rules.server._rolls import Refusal

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

    from tabletop_rules.server import ServerSettings
    from tabletop_rules.systems import Registry

__all__ = ["build"]

_LOG: Final = logging.getLogger("tabletop_rules.server")
#: The most fields of a form (``command``, ``table``...) read.
_MAX_FIELDS: Final = 20


class _BodyTooLarge(Exception):
    pass


class _BodyCap:
    """Refuse a body over *limit* bytes with 413, by its length or as it arrives."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _too_large(scope, send, self.limit)
                return
        received = 0

        async def capped() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise _BodyTooLarge
            return message

        try:
            await self.app(scope, capped, send)
        except _BodyTooLarge:
            await _too_large(scope, send, self.limit)


class _AnyOrigin:
    """``Access-Control-Allow-Origin: *`` on every answer, as bcdice-api sends it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if k != b"access-control-allow-origin"
                ]
                headers.append((b"access-control-allow-origin", b"*"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)


async def _too_large(scope: Scope, send: Send, limit: int) -> None:
    locale = _locale_of(scope, "en")
    reason = translate("server.error.too_large", locale, most=limit)
    response = JSONResponse(
        {"ok": False, "reason": reason}, status_code=413, headers={"Connection": "close"}
    )
    await response({"type": "http", **scope}, _nothing, send)


async def _nothing() -> Message:
    return {"type": "http.disconnect"}


def _locale_of(scope: Scope | Mapping[str, Any], default: str) -> str:
    """The locale a request asks for: ``?locale=``, else Accept-Language, else *default*."""
    query = parse_qs(bytes(scope.get("query_string", b"")).decode("latin-1"), max_num_fields=50)
    asked = query.get("locale", [""])[0]
    if not asked:
        for name, value in scope.get("headers", ()):
            if name == b"accept-language":
                asked = value.decode("latin-1").split(",")[0].split(";")[0].strip()
                break
    if not asked or len(asked) > 35:
        return default
    return resolve_locale(asked) if asked.isascii() else default


def _error(status: int, reason: str, message: str | None, extras: bool) -> JSONResponse:
    body: dict[str, Any] = {"ok": False, "reason": reason}
    if extras and message is not None and message != reason:
        body["message"] = message
    return JSONResponse(body, status_code=status, headers={"Access-Control-Allow-Origin": "*"})


class _App:
    """The routes' handlers, sharing the settings and the registry (read-only)."""

    def __init__(self, settings: ServerSettings, registry: Registry) -> None:
        self.settings = settings
        self.registry = registry

    def locale(self, request: Request) -> str:
        return _locale_of(request.scope, self.settings.locale)

    async def work(
        self, request: Request, job: Callable[[str], Response | dict[str, Any]]
    ) -> Response:
        """Run *job* (given the locale) in a worker thread, within the time bound."""
        locale = self.locale(request)
        try:
            with anyio.fail_after(self.settings.timeout):
                done = await anyio.to_thread.run_sync(job, locale, abandon_on_cancel=True)
        except Refusal as refusal:
            return _error(refusal.status, refusal.reason, refusal.message, self.settings.extras)
        except TimeoutError:
            reason = translate("server.error.timeout", locale, seconds=self.settings.timeout)
            return _error(503, reason, None, self.settings.extras)
        return done if isinstance(done, Response) else JSONResponse(done)

    async def fields(self, request: Request) -> dict[str, str]:
        """The query's fields, then a form's or a JSON object's (a POST), as texts."""
        found = dict(request.query_params.items())
        if request.method != "POST":
            return found
        body = await request.body()
        kind = request.headers.get("content-type", "")
        if kind.startswith("application/json"):
            try:
                data = json.loads(body.decode("utf-8"))
            except (ValueError, RecursionError):
                data = None
            if isinstance(data, dict):
                found.update({k: v for k, v in data.items() if isinstance(v, str)})  # pyright: ignore[reportUnknownVariableType]
            return found
        try:
            form = parse_qs(
                body.decode("utf-8"), keep_blank_values=True, max_num_fields=_MAX_FIELDS
            )
        except (UnicodeDecodeError, ValueError):
            return found
        found.update({key: values[-1] for key, values in form.items()})
        return found

    # ------------------------------------------------------------------ bcdice-api v2

    async def version(self, request: Request) -> Response:
        return JSONResponse(_rolls.version())

    async def admin(self, request: Request) -> Response:
        return JSONResponse(_rolls.admin(self.settings.admin))

    async def game_systems(self, request: Request) -> Response:
        return await self.work(request, lambda locale: _rolls.game_systems(self.registry, locale))

    async def game_system(self, request: Request) -> Response:
        system: str = request.path_params["id"]
        return await self.work(
            request, lambda locale: _rolls.game_system(system, self.registry, locale)
        )

    async def roll(self, request: Request) -> Response:
        system: str = request.path_params["id"]
        command = (await self.fields(request)).get("command")
        extras = self.settings.extras
        return await self.work(
            request,
            lambda locale: _rolls.roll(system, command, self.registry, locale, extras=extras),
        )

    async def original_table(self, request: Request) -> Response:
        table = (await self.fields(request)).get("table")
        return await self.work(request, lambda locale: _rolls.original_table(table, locale))

    # ------------------------------------------------------------------ the library's own

    async def check_sheet(self, request: Request) -> Response:
        system: str = request.path_params["system"]
        body = await request.body()
        kind = request.headers.get("content-type", "")

        def job(locale: str) -> dict[str, Any]:
            sheet = _library.sheet_text(body, kind, locale)
            return _library.check_sheet(system, sheet, self.registry, locale)

        return await self.work(request, job)

    async def export(self, request: Request) -> Response:
        system: str = request.path_params["system"]
        format_ = request.query_params.get("format", "ccfolia")
        body = await request.body()
        kind = request.headers.get("content-type", "")

        def job(locale: str) -> Response:
            text = _library.sheet_text(body, kind, locale)
            data, media = _library.export(system, text, format_, self.registry, locale)
            headers: dict[str, str] = {}
            if media == "application/zip":
                headers["Content-Disposition"] = 'attachment; filename="character.zip"'
            return Response(data, media_type=media, headers=headers)

        return await self.work(request, job)

    async def verify_record(self, request: Request) -> Response:
        body = await request.body()

        def job(locale: str) -> dict[str, Any]:
            try:
                text = body.decode("utf-8")
            except UnicodeDecodeError:
                text = ""
            return _library.verify_record(text, self.registry, locale)

        return await self.work(request, job)

    async def schema(self, request: Request) -> Response:
        return JSONResponse(openapi(self.registry))

    # ------------------------------------------------------------------ errors

    async def http_error(self, request: Request, error: Exception) -> Response:
        status = error.status_code if isinstance(error, HTTPException) else 500
        key = {404: "server.error.not_found", 405: "server.error.method"}.get(status)
        locale = self.locale(request)
        if status == 404:
            return _error(404, "not found", translate("server.error.not_found", locale), True)
        reason = translate(key or "server.error.http", locale, status=status)
        return _error(status, reason, None, False)

    async def internal_error(self, request: Request, error: Exception) -> Response:
        _LOG.exception("internal error on %s %s", request.method, request.url.path)
        reason = translate("server.error.internal", self.locale(request))
        return _error(500, reason, None, False)


def build(settings: ServerSettings, registry: Registry) -> Starlette:
    """The application for *settings*, serving the systems of *registry*.

    Every system is loaded now, with its chat commands, so that no request pays for it.
    """
    for system in registry:
        system.chat_commands()
    app = _App(settings, registry)
    get = ["GET"]
    both = ["GET", "POST"]
    post = ["POST"]
    routes = [
        Route("/v2/version", app.version, methods=get),
        Route("/v2/admin", app.admin, methods=get),
        Route("/v2/game_system", app.game_systems, methods=get),
        Route("/v2/game_system/{id}", app.game_system, methods=get),
        Route("/v2/game_system/{id}/roll", app.roll, methods=both),
        Route("/v2/original_table", app.original_table, methods=post),
        Route("/api/systems/{system}/sheet", app.check_sheet, methods=post),
        Route("/api/systems/{system}/export", app.export, methods=post),
        Route("/api/records/verify", app.verify_record, methods=post),
        Route("/openapi.json", app.schema, methods=get),
    ]
    handlers: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {
        HTTPException: app.http_error,
        Exception: app.internal_error,
    }
    middleware = [
        Middleware(_AnyOrigin),
        Middleware(_BodyCap, limit=settings.body_limit),
        Middleware(CORSMiddleware, allow_origins=["*"], allow_methods=both, allow_headers=["*"]),
    ]
    return Starlette(debug=False, routes=routes, middleware=middleware, exception_handlers=handlers)

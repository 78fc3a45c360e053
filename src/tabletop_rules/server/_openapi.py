"""The OpenAPI description of the server's routes, served at ``/openapi.json``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop_rules import __version__

if TYPE_CHECKING:
    from tabletop_rules.systems import Registry

__all__ = ["openapi"]

_ERROR = {"$ref": "#/components/schemas/Error"}


def _answer(description: str, schema: dict[str, Any], media: str = "application/json") -> Any:
    return {"description": description, "content": {media: {"schema": schema}}}


def _errors(*statuses: int) -> dict[str, Any]:
    words = {
        400: "A refusal: the reason, and the library's message in the reader's locale.",
        404: "No such route.",
        413: "The body is over the server's cap.",
        503: "The request took longer than the server's time bound.",
    }
    return {str(s): _answer(words[s], _ERROR) for s in statuses}


_LOCALE = {
    "name": "locale",
    "in": "query",
    "required": False,
    "description": "The reader's language (en, zh-Hant, ja); else Accept-Language.",
    "schema": {"type": "string"},
}
_SYSTEM = {
    "name": "system",
    "in": "path",
    "required": True,
    "description": "A rule system's registry name.",
    "schema": {"type": "string"},
}
_ID = {
    "name": "id",
    "in": "path",
    "required": True,
    "description": "DiceBot (the generic dice), or a rule system's registry name.",
    "schema": {"type": "string"},
}
_COMMAND = {
    "name": "command",
    "in": "query",
    "required": False,
    "description": "The command (GET; a POST may send it as a form or JSON field).",
    "schema": {"type": "string"},
}
_TEXT_BODY = {
    "required": True,
    "content": {
        "text/plain": {"schema": {"type": "string"}},
        "application/json": {
            "schema": {
                "type": "object",
                "properties": {"sheet": {"type": "string"}},
                "required": ["sheet"],
            }
        },
    },
}


def openapi(registry: Registry) -> dict[str, Any]:
    """The OpenAPI 3.1 document of the routes, naming the systems of *registry*."""
    systems = ["DiceBot", *registry.names]
    string = {"type": "string"}
    rand = {
        "type": "object",
        "properties": {
            "kind": string,
            "sides": {"type": "integer"},
            "value": {"type": "integer"},
        },
        "required": ["kind", "sides", "value"],
    }
    roll = {
        "type": "object",
        "properties": {
            "ok": {"type": "boolean"},
            "text": string,
            "secret": {"type": "boolean"},
            "success": {"type": "boolean"},
            "failure": {"type": "boolean"},
            "critical": {"type": "boolean"},
            "fumble": {"type": "boolean"},
            "rands": {"type": "array", "items": rand},
            "probability": {
                "type": ["string", "null"],
                "description": "The exact chance of success as a fraction (35/36), for a "
                "check; null for a roll that is no check. Not sent with --exact-shapes.",
            },
        },
        "required": ["ok", "text", "secret", "success", "failure", "critical", "fumble", "rands"],
    }
    checked = {
        "type": "object",
        "properties": {
            "ok": {"type": "boolean"},
            "valid": {"type": "boolean"},
            "problems": {"type": "array", "items": string},
            "character": {"type": "object"},
            "sheet": string,
        },
        "required": ["ok", "valid", "problems"],
    }
    verified = {
        "type": "object",
        "properties": {
            "ok": {"type": "boolean"},
            "valid": {"type": "boolean"},
            "system": string,
            "entries": {"type": "integer"},
            "events": {"type": "integer"},
            "over": {"type": "boolean"},
            "log": {"type": "array", "items": string},
            "index": {"type": ["integer", "null"]},
            "problems": {"type": "array", "items": string},
        },
        "required": ["ok", "valid"],
    }
    system_entry = {
        "type": "object",
        "properties": {"id": {"enum": systems}, "name": string, "sort_key": string},
        "required": ["id", "name", "sort_key"],
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "tabletop_rules server",
            "version": __version__,
            "description": "bcdice-api v2's routes for the generic dice and every rule system, "
            "and the library's own routes.",
        },
        "paths": {
            "/v2/version": {
                "get": {
                    "summary": "The API's and the dice engine's versions.",
                    "responses": {
                        "200": _answer(
                            "The versions.",
                            {
                                "type": "object",
                                "properties": {"api": string, "bcdice": string},
                                "required": ["api", "bcdice"],
                            },
                        )
                    },
                }
            },
            "/v2/admin": {
                "get": {
                    "summary": "The operator's name, terms page and address.",
                    "responses": {
                        "200": _answer(
                            "The operator (empty texts if not set).",
                            {
                                "type": "object",
                                "properties": {"name": string, "url": string, "email": string},
                                "required": ["name", "url", "email"],
                            },
                        )
                    },
                }
            },
            "/v2/game_system": {
                "get": {
                    "summary": "Every system, sorted by sort_key.",
                    "parameters": [_LOCALE],
                    "responses": {
                        "200": _answer(
                            "The systems.",
                            {
                                "type": "object",
                                "properties": {
                                    "game_system": {"type": "array", "items": system_entry}
                                },
                                "required": ["game_system"],
                            },
                        )
                    },
                }
            },
            "/v2/game_system/{id}": {
                "get": {
                    "summary": "One system: its name, command pattern and help.",
                    "parameters": [_ID, _LOCALE],
                    "responses": {
                        "200": _answer(
                            "The system.",
                            {
                                "type": "object",
                                "properties": {
                                    "ok": {"type": "boolean"},
                                    "id": string,
                                    "name": string,
                                    "sort_key": string,
                                    "command_pattern": string,
                                    "help_message": string,
                                },
                                "required": [
                                    "ok",
                                    "id",
                                    "name",
                                    "sort_key",
                                    "command_pattern",
                                    "help_message",
                                ],
                            },
                        ),
                        **_errors(400),
                    },
                }
            },
            "/v2/game_system/{id}/roll": {
                op: {
                    "summary": "Roll a command as the system reads it.",
                    "parameters": [_ID, _COMMAND, _LOCALE],
                    **(
                        {
                            "requestBody": {
                                "required": False,
                                "content": {
                                    "application/x-www-form-urlencoded": {
                                        "schema": {
                                            "type": "object",
                                            "properties": {"command": string},
                                        }
                                    },
                                    "application/json": {
                                        "schema": {
                                            "type": "object",
                                            "properties": {"command": string},
                                        }
                                    },
                                },
                            }
                        }
                        if op == "post"
                        else {}
                    ),
                    "responses": {"200": _answer("The roll.", roll), **_errors(400, 413, 503)},
                }
                for op in ("get", "post")
            },
            "/v2/original_table": {
                "post": {
                    "summary": "Roll a table written as BCDice's original tables are.",
                    "parameters": [_LOCALE],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/x-www-form-urlencoded": {
                                "schema": {
                                    "type": "object",
                                    "properties": {"table": string},
                                    "required": ["table"],
                                }
                            }
                        },
                    },
                    "responses": {
                        "200": _answer(
                            "The result.",
                            {
                                "type": "object",
                                "properties": {
                                    "ok": {"type": "boolean"},
                                    "text": string,
                                    "rands": {"type": "array", "items": rand},
                                },
                                "required": ["ok", "text", "rands"],
                            },
                        ),
                        **_errors(400, 413, 503),
                    },
                }
            },
            "/api/systems/{system}/sheet": {
                "post": {
                    "summary": "Check a sheet: the character, or every problem in the locale.",
                    "parameters": [_SYSTEM, _LOCALE],
                    "requestBody": _TEXT_BODY,
                    "responses": {
                        "200": _answer("The check.", checked),
                        **_errors(400, 413, 503),
                    },
                }
            },
            "/api/systems/{system}/export": {
                "post": {
                    "summary": "Export a sheet, a character's JSON or a card file as a piece.",
                    "parameters": [
                        _SYSTEM,
                        _LOCALE,
                        {
                            "name": "format",
                            "in": "query",
                            "required": False,
                            "schema": {"enum": ["ccfolia", "udonarium"], "default": "ccfolia"},
                        },
                    ],
                    "requestBody": _TEXT_BODY,
                    "responses": {
                        "200": {
                            "description": "CCFOLIA's clipboard JSON, or Udonarium's zip.",
                            "content": {
                                "application/json": {"schema": {"type": "object"}},
                                "application/zip": {
                                    "schema": {"type": "string", "format": "binary"}
                                },
                            },
                        },
                        **_errors(400, 413, 503),
                    },
                }
            },
            "/api/records/verify": {
                "post": {
                    "summary": "Replay a GameRecord, verified: its log, or where it breaks.",
                    "parameters": [_LOCALE],
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    "responses": {
                        "200": _answer("The verification.", verified),
                        **_errors(400, 413, 503),
                    },
                }
            },
            "/openapi.json": {
                "get": {
                    "summary": "This document.",
                    "responses": {"200": _answer("The document.", {"type": "object"})},
                }
            },
        },
        "components": {
            "schemas": {
                "Error": {
                    "type": "object",
                    "properties": {
                        "ok": {"const": False},
                        "reason": string,
                        "message": string,
                    },
                    "required": ["ok", "reason"],
                }
            }
        },
    }

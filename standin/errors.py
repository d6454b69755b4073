"""Discord-shaped API errors, turned into JSON responses by the REST layer."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            data["errors"] = self.errors
        return data


def invalid_form(reason: str) -> ApiError:
    """Discord answers malformed message bodies with 50035 and a per-field error tree."""
    return ApiError(400, 50035, "Invalid Form Body", {"_errors": [{"code": "BASE_TYPE_INVALID", "message": reason}]})


def unknown(kind: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {kind}")

// HTTP requests over libsoup 3, from any thread, for the GitHub client (SoupTransport.swift).
//
// One thread of its own runs a GLib main context where every session lives and every request
// runs (libsoup's recommended use: its async API from a single thread). libsoup is loaded there
// with the first request; if it cannot be, each request fails with the reason (GHF_HTTP_OTHER). A request is handed
// to that thread and its answer comes back through `done`, called there exactly once.
#ifndef GHF_CHTTP_H
#define GHF_CHTTP_H

#include <stddef.h>

/// How a request ended when no HTTP response came.
typedef enum {
    GHF_HTTP_OK = 0,
    GHF_HTTP_CANCELLED,
    GHF_HTTP_NOT_CONNECTED,
    GHF_HTTP_CANNOT_CONNECT,
    GHF_HTTP_TIMED_OUT,
    GHF_HTTP_CONNECTION_LOST,
    /// An answer came, but not one that could be read (a malformed response, bad encoding).
    GHF_HTTP_UNREADABLE,
    GHF_HTTP_OTHER,
    /// The body was longer than the request's `max_body_bytes`: not read further.
    GHF_HTTP_TOO_LARGE,
} GhfHttpFailure;

/// A session: its own connections; `timeout_milliseconds` without progress ends a request.
typedef struct GhfHttpSession GhfHttpSession;
/// One request in flight, held by its sender until `ghf_http_request_release`.
typedef struct GhfHttpRequest GhfHttpRequest;

/// The answer: status and headers ("Name\0value\0" pairs, `headers_length` bytes) and body,
/// valid only during the call; or `failure` (not GHF_HTTP_OK) with a message.
typedef void (*GhfHttpDone)(void *context, int status, const char *headers, size_t headers_length, const unsigned char *body,
                            size_t body_length, GhfHttpFailure failure, const char *message);

GhfHttpSession *ghf_http_session_new(unsigned timeout_milliseconds, const char *user_agent);
void ghf_http_session_free(GhfHttpSession *session);

/// Sends `method url` with `header_count` headers ("Name\0value\0" pairs) and `body` (may be
/// NULL), never following a redirect; a body longer than `max_body_bytes` (0: no limit) ends
/// the request as GHF_HTTP_TOO_LARGE once that many bytes came. `done` gets the answer on the HTTP thread. The caller
/// holds the request (for `ghf_http_request_cancel`) until it releases it.
GhfHttpRequest *ghf_http_send(GhfHttpSession *session, const char *method, const char *url, const char *headers, size_t headers_length,
                              const unsigned char *body, size_t body_length, size_t max_body_bytes, GhfHttpDone done, void *context);

/// Ends the request if it is still running (`done` then says GHF_HTTP_CANCELLED); any thread.
void ghf_http_request_cancel(GhfHttpRequest *request);
void ghf_http_request_release(GhfHttpRequest *request);

#endif

// HTTP requests over libsoup 3 on a thread of their own (see CHTTP.h).
//
// libsoup is loaded with dlopen on that thread when the first request starts, not by the
// dynamic loader at every start: it and its libraries (Kerberos, GSSAPI, brotli, nghttp2, PSL)
// cost the first window 8 ms, for a library the start page never uses. Its header is read at
// build time only, so each function below has the type libsoup declares for it.
#include <dlfcn.h>
#include <libsoup/soup.h>
#include <string.h>
#include "CHTTP.h"

#define SOUP_FUNCTIONS(X)                                                                           \
    X(soup_session_get_type)                                                                        \
    X(soup_session_abort)                                                                           \
    X(soup_session_error_quark)                                                                     \
    X(soup_session_send_and_read_async)                                                             \
    X(soup_session_send_and_read_finish)                                                            \
    X(soup_session_send_async)                                                                      \
    X(soup_session_send_finish)                                                                     \
    X(soup_message_headers_get_content_length)                                                      \
    X(soup_message_new)                                                                             \
    X(soup_message_add_flags)                                                                       \
    X(soup_message_get_status)                                                                      \
    X(soup_message_get_request_headers)                                                             \
    X(soup_message_get_response_headers)                                                            \
    X(soup_message_set_request_body_from_bytes)                                                     \
    X(soup_message_headers_replace)                                                                 \
    X(soup_message_headers_iter_init)                                                               \
    X(soup_message_headers_iter_next)

static struct {
#define FIELD(name) __typeof__(name) *name;
    SOUP_FUNCTIONS(FIELD)
#undef FIELD
} soup;

/// Why libsoup could not be loaded; NULL once it is (set on the HTTP thread only).
static char *load_failure;
static gboolean soup_loaded;

/// Loads libsoup the first time; FALSE (with `load_failure`) when it cannot be had.
static gboolean load_soup(void) {
    if (soup_loaded) return TRUE;
    if (load_failure != NULL) return FALSE;
    void *library = dlopen("libsoup-3.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        load_failure = g_strdup_printf("libsoup 3 could not be loaded (%s); install libsoup-3.0-0", dlerror());
        return FALSE;
    }
#define RESOLVE(name)                                                                               \
    soup.name = (__typeof__(name) *)dlsym(library, #name);                                          \
    if (soup.name == NULL) {                                                                        \
        load_failure = g_strdup("libsoup 3 has no " #name);                                         \
        return FALSE;                                                                               \
    }
    SOUP_FUNCTIONS(RESOLVE)
#undef RESOLVE
    soup_loaded = TRUE;
    return TRUE;
}

// The thread every session and request lives on, started with the first session.
static GMainContext *http_context;

static gpointer run_loop(gpointer unused) {
    (void)unused;
    g_main_context_push_thread_default(http_context);
    GMainLoop *loop = g_main_loop_new(http_context, FALSE);
    g_main_loop_run(loop);
    return NULL;
}

static gpointer start_thread(gpointer unused) {
    (void)unused;
    http_context = g_main_context_new();
    g_thread_unref(g_thread_new("ghf-http", run_loop, NULL));
    return NULL;
}

static GMainContext *thread_context(void) {
    static GOnce once = G_ONCE_INIT;
    g_once(&once, start_thread, NULL);
    return http_context;
}

struct GhfHttpSession {
    gatomicrefcount refs;
    unsigned timeout_milliseconds;
    char *user_agent;
    /// Made on the HTTP thread by the first request, and only ever used there.
    SoupSession *soup;
};

static GhfHttpSession *session_ref(GhfHttpSession *session) {
    g_atomic_ref_count_inc(&session->refs);
    return session;
}

static gboolean destroy_session(gpointer data) {
    GhfHttpSession *session = data;
    if (session->soup != NULL) {
        soup.soup_session_abort(session->soup);
        g_object_unref(session->soup);
    }
    g_free(session->user_agent);
    g_free(session);
    return G_SOURCE_REMOVE;
}

static void session_unref(GhfHttpSession *session) {
    if (g_atomic_ref_count_dec(&session->refs)) g_main_context_invoke(thread_context(), destroy_session, session);
}

GhfHttpSession *ghf_http_session_new(unsigned timeout_milliseconds, const char *user_agent) {
    GhfHttpSession *session = g_new0(GhfHttpSession, 1);
    g_atomic_ref_count_init(&session->refs);
    session->timeout_milliseconds = timeout_milliseconds;
    session->user_agent = g_strdup(user_agent);
    thread_context();
    return session;
}

void ghf_http_session_free(GhfHttpSession *session) {
    session_unref(session);
}

/// The session's libsoup session, made the first time (on the HTTP thread). No cookies, no
/// cache, no redirects followed (each message says so); responses are decoded (libsoup asks
/// for gzip and deflate itself).
static SoupSession *soup_session_of(GhfHttpSession *session) {
    if (session->soup == NULL) {
        // libsoup's own timeout is whole seconds without progress: the request's deadline
        // (`deadline_expired`) is what keeps a fraction of a second.
        unsigned seconds = (session->timeout_milliseconds + 999) / 1000;
        session->soup = g_object_new(soup.soup_session_get_type(), "user-agent", session->user_agent, "timeout", seconds, "idle-timeout", 60,
                                     "max-conns-per-host", 6, NULL);
    }
    return session->soup;
}

struct GhfHttpRequest {
    gatomicrefcount refs;
    GhfHttpSession *session;
    char *method;
    char *url;
    GBytes *headers;
    GBytes *body;
    GhfHttpDone done;
    void *context;
    GCancellable *cancellable;
    GSource *deadline;
    gboolean timed_out;
    SoupMessage *message;
    /// Set by `ghf_http_request_cancel`: a cancellation wins over the deadline.
    gint cancelled_by_sender;
    /// The most of a body read (0: no limit); a longer one ends the request (GHF_HTTP_TOO_LARGE).
    size_t max_body_bytes;
    GInputStream *stream;
    GByteArray *received;
    gboolean too_large;
};

static gboolean free_request(gpointer data) {
    GhfHttpRequest *request = data;
    g_clear_object(&request->message);
    g_clear_object(&request->stream);
    if (request->received != NULL) g_byte_array_unref(request->received);
    g_clear_object(&request->cancellable);
    g_bytes_unref(request->headers);
    if (request->body != NULL) g_bytes_unref(request->body);
    g_free(request->method);
    g_free(request->url);
    session_unref(request->session);
    g_free(request);
    return G_SOURCE_REMOVE;
}

/// The last reference frees the request on the HTTP thread, where its message lived.
static void request_unref(GhfHttpRequest *request) {
    if (g_atomic_ref_count_dec(&request->refs)) g_main_context_invoke(thread_context(), free_request, request);
}

static GhfHttpFailure failure_for(const GError *error, gboolean answered) {
    if (error->domain == G_RESOLVER_ERROR) return GHF_HTTP_CANNOT_CONNECT;
    if (error->domain == soup.soup_session_error_quark()) {
        if (error->code == SOUP_SESSION_ERROR_PARSING || error->code == SOUP_SESSION_ERROR_ENCODING) return GHF_HTTP_UNREADABLE;
        return GHF_HTTP_OTHER;
    }
    if (error->domain != G_IO_ERROR) return GHF_HTTP_OTHER;
    switch (error->code) {
    case G_IO_ERROR_CANCELLED: return GHF_HTTP_CANCELLED;
    case G_IO_ERROR_TIMED_OUT: return GHF_HTTP_TIMED_OUT;
    case G_IO_ERROR_NETWORK_UNREACHABLE: return GHF_HTTP_NOT_CONNECTED;
    case G_IO_ERROR_CONNECTION_REFUSED:
    case G_IO_ERROR_HOST_UNREACHABLE:
    case G_IO_ERROR_HOST_NOT_FOUND: return GHF_HTTP_CANNOT_CONNECT;
    // A body cut short after the status line came is an answer, but not a readable one.
    case G_IO_ERROR_PARTIAL_INPUT: return answered ? GHF_HTTP_UNREADABLE : GHF_HTTP_CONNECTION_LOST;
    case G_IO_ERROR_CONNECTION_CLOSED:
    case G_IO_ERROR_NOT_CONNECTED: return GHF_HTTP_CONNECTION_LOST;
    default: return GHF_HTTP_OTHER;
    }
}

static void finish_with_failure(GhfHttpRequest *request, GhfHttpFailure failure, const char *message) {
    request->done(request->context, 0, NULL, 0, NULL, 0, failure, message);
    request_unref(request);
}

/// The answer (`body`), or why there is none (`error`, owned).
static void finish_read(GhfHttpRequest *request, GBytes *body, GError *error) {
    if (request->deadline != NULL) {
        g_source_destroy(request->deadline);
        g_source_unref(request->deadline);
        request->deadline = NULL;
    }
    if (body == NULL) {
        gboolean answered = soup.soup_message_get_status(request->message) != 0;
        GhfHttpFailure failure = g_atomic_int_get(&request->cancelled_by_sender) ? GHF_HTTP_CANCELLED
                                 : request->too_large                           ? GHF_HTTP_TOO_LARGE
                                 : request->timed_out                           ? GHF_HTTP_TIMED_OUT
                                                                                : failure_for(error, answered);
        finish_with_failure(request, failure, request->too_large ? "the answer is larger than asked for" : error->message);
        g_error_free(error);
        return;
    }
    GByteArray *headers = g_byte_array_new();
    SoupMessageHeadersIter iter;
    const char *name, *value;
    soup.soup_message_headers_iter_init(&iter, soup.soup_message_get_response_headers(request->message));
    while (soup.soup_message_headers_iter_next(&iter, &name, &value)) {
        g_byte_array_append(headers, (const guint8 *)name, (guint)strlen(name) + 1);
        g_byte_array_append(headers, (const guint8 *)value, (guint)strlen(value) + 1);
    }
    gsize length = 0;
    const unsigned char *bytes = g_bytes_get_data(body, &length);
    request->done(request->context, (int)soup.soup_message_get_status(request->message), (const char *)headers->data, headers->len, bytes, length,
                  GHF_HTTP_OK, NULL);
    g_byte_array_unref(headers);
    g_bytes_unref(body);
    request_unref(request);
}

static void read_done(GObject *source, GAsyncResult *result, gpointer data) {
    GError *error = NULL;
    GBytes *body = soup.soup_session_send_and_read_finish((SoupSession *)source, result, &error);
    finish_read(data, body, error);
}

/// Ends a limited request that read more than it may: cancelled, and said so.
static void refuse_too_large(GhfHttpRequest *request) {
    request->too_large = TRUE;
    g_cancellable_cancel(request->cancellable);
    finish_read(request, NULL, g_error_new_literal(G_IO_ERROR, G_IO_ERROR_CANCELLED, "too large"));
}

static void read_chunk(GhfHttpRequest *request);

static void chunk_read(GObject *source, GAsyncResult *result, gpointer data) {
    GhfHttpRequest *request = data;
    GError *error = NULL;
    GBytes *chunk = g_input_stream_read_bytes_finish(G_INPUT_STREAM(source), result, &error);
    if (chunk == NULL) {
        finish_read(request, NULL, error);
        return;
    }
    gsize length = g_bytes_get_size(chunk);
    if (length == 0) {
        g_bytes_unref(chunk);
        GBytes *body = g_byte_array_free_to_bytes(request->received);
        request->received = NULL;
        finish_read(request, body, NULL);
        return;
    }
    if (request->received->len + length > request->max_body_bytes) {
        g_bytes_unref(chunk);
        refuse_too_large(request);
        return;
    }
    g_byte_array_append(request->received, g_bytes_get_data(chunk, NULL), (guint)length);
    g_bytes_unref(chunk);
    read_chunk(request);
}

static void read_chunk(GhfHttpRequest *request) {
    g_input_stream_read_bytes_async(request->stream, 64 * 1024, G_PRIORITY_DEFAULT, request->cancellable, chunk_read, request);
}

/// A limited request's headers came: one that says it is too large ends here, else its body is
/// read a chunk at a time, counted as it comes (a body with no length, or a wrong one).
static void limited_sent(GObject *source, GAsyncResult *result, gpointer data) {
    GhfHttpRequest *request = data;
    GError *error = NULL;
    request->stream = soup.soup_session_send_finish((SoupSession *)source, result, &error);
    if (request->stream == NULL) {
        finish_read(request, NULL, error);
        return;
    }
    goffset declared = soup.soup_message_headers_get_content_length(soup.soup_message_get_response_headers(request->message));
    if (declared > (goffset)request->max_body_bytes) {
        refuse_too_large(request);
        return;
    }
    request->received = g_byte_array_new();
    read_chunk(request);
}

/// A request that has gone on for three times the session's timeout (a body that trickles in)
/// ends as timed out.
static gboolean deadline_expired(gpointer data) {
    GhfHttpRequest *request = data;
    request->timed_out = TRUE;
    g_cancellable_cancel(request->cancellable);
    return G_SOURCE_REMOVE;
}

static gboolean start_request(gpointer data) {
    GhfHttpRequest *request = data;
    if (g_cancellable_is_cancelled(request->cancellable)) {
        finish_with_failure(request, GHF_HTTP_CANCELLED, "cancelled before it was sent");
        return G_SOURCE_REMOVE;
    }
    if (!load_soup()) {
        finish_with_failure(request, GHF_HTTP_OTHER, load_failure);
        return G_SOURCE_REMOVE;
    }
    request->message = soup.soup_message_new(request->method, request->url);
    if (request->message == NULL) {
        finish_with_failure(request, GHF_HTTP_OTHER, "not an HTTP URL");
        return G_SOURCE_REMOVE;
    }
    soup.soup_message_add_flags(request->message, SOUP_MESSAGE_NO_REDIRECT);
    SoupMessageHeaders *headers = soup.soup_message_get_request_headers(request->message);
    gsize length = 0;
    const char *pairs = g_bytes_get_data(request->headers, &length), *end = pairs + length;
    const char *content_type = NULL;
    // Name and value each end with a 0 byte; a pair cut short ends the list.
    for (const char *at = pairs; at < end;) {
        const char *name_end = memchr(at, 0, end - at);
        if (name_end == NULL) break;
        const char *value = name_end + 1, *value_end = value < end ? memchr(value, 0, end - value) : NULL;
        if (value_end == NULL) break;
        if (g_ascii_strcasecmp(at, "Content-Type") == 0) content_type = value;
        else soup.soup_message_headers_replace(headers, at, value);
        at = value_end + 1;
    }
    // A PUT or POST without a body still says Content-Length: 0 (GitHub's star asks for it).
    if (request->body != NULL) soup.soup_message_set_request_body_from_bytes(request->message, content_type, request->body);
    else if (content_type != NULL) soup.soup_message_headers_replace(headers, "Content-Type", content_type);
    GhfHttpSession *session = request->session;
    request->deadline = g_timeout_source_new(session->timeout_milliseconds * 3);
    g_source_set_callback(request->deadline, deadline_expired, request, NULL);
    g_source_attach(request->deadline, http_context);
    if (request->max_body_bytes > 0)
        soup.soup_session_send_async(soup_session_of(session), request->message, G_PRIORITY_DEFAULT, request->cancellable, limited_sent, request);
    else
        soup.soup_session_send_and_read_async(soup_session_of(session), request->message, G_PRIORITY_DEFAULT, request->cancellable, read_done, request);
    return G_SOURCE_REMOVE;
}

GhfHttpRequest *ghf_http_send(GhfHttpSession *session, const char *method, const char *url, const char *headers, size_t headers_length,
                              const unsigned char *body, size_t body_length, size_t max_body_bytes, GhfHttpDone done, void *context) {
    GhfHttpRequest *request = g_new0(GhfHttpRequest, 1);
    request->max_body_bytes = max_body_bytes;
    g_atomic_ref_count_init(&request->refs);
    g_atomic_ref_count_inc(&request->refs);  // one for the sender, one for the HTTP thread
    request->session = session_ref(session);
    request->method = g_strdup(method);
    request->url = g_strdup(url);
    request->headers = g_bytes_new(headers, headers_length);
    gboolean sends_body = body != NULL || strcmp(method, "PUT") == 0 || strcmp(method, "POST") == 0 || strcmp(method, "PATCH") == 0;
    request->body = sends_body ? g_bytes_new(body, body_length) : NULL;
    request->done = done;
    request->context = context;
    request->cancellable = g_cancellable_new();
    g_main_context_invoke(thread_context(), start_request, request);
    return request;
}

void ghf_http_request_cancel(GhfHttpRequest *request) {
    g_atomic_int_set(&request->cancelled_by_sender, 1);
    g_cancellable_cancel(request->cancellable);
}

void ghf_http_request_release(GhfHttpRequest *request) {
    request_unref(request);
}

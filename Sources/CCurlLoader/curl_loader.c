// libcurl, loaded on first use.
//
// Foundation's URLSession is libcurl on Linux, and a statically linked Foundation makes
// libcurl.so.4 a DT_NEEDED library of the executable: the dynamic loader maps it and its
// ~25 dependencies (OpenSSL, GnuTLS, Kerberos, LDAP, SASL, SSH, RTMP, …) and runs their
// constructors before `main`: 13 ms of every start (an empty program linked to libadwaita
// starts in 21 ms, in 34 ms with libcurl too) for a library the first frame never uses.
//
// This file defines the 23 curl functions FoundationNetworking calls (and curl_url_cleanup, see
// curl_free). Definitions in an object
// file win over a shared library's, so the executable's curl calls all land here, and
// scripts/build-release.sh removes libcurl.so.4 from the release binary's DT_NEEDED entries
// (the linker's --as-needed cannot: the toolchain puts it after Foundation's -lcurl). Each
// function loads libcurl with dlopen on its first call (once, thread-safe) and calls the real
// one. In a build that still lists libcurl (debug), dlopen finds it already loaded.
// URLSessionTransport makes its URLSession on the first request, off the main thread, so the
// load happens there, after the window is up.
//
// The variadic setters take exactly one argument after the option: a long, a pointer or a
// curl_off_t, all passed as one 64-bit integer-class value on the SysV x86-64 and AArch64
// ABIs, so it is forwarded as an intptr_t.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "curl_loader.h"

#define CURL_FUNCTIONS(X)                                                                           \
    X(curl_global_init, CURLcode, (long))                                                           \
    X(curl_easy_init, CURL *, (void))                                                               \
    X(curl_easy_cleanup, void, (CURL *))                                                            \
    X(curl_easy_getinfo, CURLcode, (CURL *, CURLINFO, intptr_t))                                    \
    X(curl_easy_pause, CURLcode, (CURL *, int))                                                     \
    X(curl_easy_setopt, CURLcode, (CURL *, CURLoption, intptr_t))                                   \
    X(curl_easy_strerror, const char *, (CURLcode))                                                 \
    X(curl_free, void, (void *))                                                                    \
    X(curl_multi_add_handle, CURLMcode, (CURLM *, CURL *))                                          \
    X(curl_multi_assign, CURLMcode, (CURLM *, curl_socket_t, void *))                               \
    X(curl_multi_cleanup, CURLMcode, (CURLM *))                                                     \
    X(curl_multi_info_read, CURLMsg *, (CURLM *, int *))                                            \
    X(curl_multi_init, CURLM *, (void))                                                             \
    X(curl_multi_remove_handle, CURLMcode, (CURLM *, CURL *))                                       \
    X(curl_multi_setopt, CURLMcode, (CURLM *, CURLMoption, intptr_t))                               \
    X(curl_multi_socket_action, CURLMcode, (CURLM *, curl_socket_t, int, int *))                    \
    X(curl_slist_append, struct curl_slist *, (struct curl_slist *, const char *))                  \
    X(curl_slist_free_all, void, (struct curl_slist *))                                             \
    X(curl_url, CURLU *, (void))                                                                    \
    X(curl_url_cleanup, void, (CURLU *))                                                            \
    X(curl_url_get, CURLUcode, (CURLU *, CURLUPart, char **, unsigned int))                         \
    X(curl_url_set, CURLUcode, (CURLU *, CURLUPart, const char *, unsigned int))                    \
    X(curl_version, char *, (void))                                                                 \
    X(curl_version_info, curl_version_info_data *, (CURLversion))

static struct {
#define FIELD(name, result, parameters) result(*name) parameters;
    CURL_FUNCTIONS(FIELD)
#undef FIELD
} real;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
#define RESOLVE(name, result, parameters)                                                           \
    real.name = (result(*) parameters)dlsym(library, #name);                                        \
    if (real.name == NULL) return;
    CURL_FUNCTIONS(RESOLVE)
#undef RESOLVE
    loaded = 1;
}

int ghf_curl_load(void) {
    pthread_once(&once, load);
    return loaded;
}

/// Every forwarded call: URLSession cannot work without libcurl, so a missing or incomplete
/// libcurl.so.4 stops the app with the reason rather than crashing on a null pointer.
static void require(void) {
    if (ghf_curl_load()) return;
    const char *reason = dlerror();
    fprintf(stderr, "github-finder: libcurl.so.4 could not be loaded (%s); install libcurl4\n", reason ? reason : "a function is missing");
    abort();
}

CURLcode curl_global_init(long flags) { require(); return real.curl_global_init(flags); }
CURL *curl_easy_init(void) { require(); return real.curl_easy_init(); }
void curl_easy_cleanup(CURL *handle) { require(); real.curl_easy_cleanup(handle); }
CURLcode curl_easy_pause(CURL *handle, int bitmask) { require(); return real.curl_easy_pause(handle, bitmask); }
const char *curl_easy_strerror(CURLcode code) { require(); return real.curl_easy_strerror(code); }
// Foundation's CFURLSessionCurlHostIsEqual (every request: _EasyHandle.set(url:)) ends the
// CURLU it made with curl_free, not curl_url_cleanup, so the URL's parts curl_url_set copied
// (scheme, host, path and query, ~110 bytes of heap) were never freed: measured with heaptrack,
// 3 blocks leaked per request, ~8 kB a cycle of the soak (scripts/bench-soak.py). The handles
// curl_url gives out are remembered until they are cleaned up; curl_free on one of them cleans
// it up instead. libcurl's own handles come through here too (its calls go through the PLT to
// these definitions) and leave by curl_url_cleanup below. A handle whose curl_url_set failed is
// still never freed by Foundation; that request fails anyway.
static pthread_mutex_t open_urls_lock = PTHREAD_MUTEX_INITIALIZER;
static CURLU **open_urls = NULL;
static size_t open_url_count = 0, open_url_capacity = 0;

static void remember_url(CURLU *url) {
    pthread_mutex_lock(&open_urls_lock);
    if (open_url_count == open_url_capacity) {
        size_t capacity = open_url_capacity ? open_url_capacity * 2 : 16;
        CURLU **grown = realloc(open_urls, capacity * sizeof *grown);
        if (grown == NULL) {
            pthread_mutex_unlock(&open_urls_lock);
            return;  // not remembered: leaked as before, never freed wrongly
        }
        open_urls = grown;
        open_url_capacity = capacity;
    }
    open_urls[open_url_count++] = url;
    pthread_mutex_unlock(&open_urls_lock);
}

/// True (and forgotten) when `pointer` is a handle curl_url gave out and nobody cleaned up yet.
static int forget_url(const void *pointer) {
    int found = 0;
    pthread_mutex_lock(&open_urls_lock);
    for (size_t i = open_url_count; i > 0; i--) {
        if (open_urls[i - 1] == pointer) {
            open_urls[i - 1] = open_urls[--open_url_count];
            found = 1;
            break;
        }
    }
    pthread_mutex_unlock(&open_urls_lock);
    return found;
}

void curl_free(void *pointer) {
    require();
    if (pointer != NULL && forget_url(pointer)) {
        real.curl_url_cleanup(pointer);
        return;
    }
    real.curl_free(pointer);
}
CURLMcode curl_multi_add_handle(CURLM *multi, CURL *handle) { require(); return real.curl_multi_add_handle(multi, handle); }
CURLMcode curl_multi_assign(CURLM *multi, curl_socket_t socket, void *pointer) { require(); return real.curl_multi_assign(multi, socket, pointer); }
CURLMcode curl_multi_cleanup(CURLM *multi) { require(); return real.curl_multi_cleanup(multi); }
CURLMsg *curl_multi_info_read(CURLM *multi, int *queued) { require(); return real.curl_multi_info_read(multi, queued); }
CURLM *curl_multi_init(void) { require(); return real.curl_multi_init(); }
CURLMcode curl_multi_remove_handle(CURLM *multi, CURL *handle) { require(); return real.curl_multi_remove_handle(multi, handle); }
CURLMcode curl_multi_socket_action(CURLM *multi, curl_socket_t socket, int events, int *running) { require(); return real.curl_multi_socket_action(multi, socket, events, running); }
struct curl_slist *curl_slist_append(struct curl_slist *list, const char *text) { require(); return real.curl_slist_append(list, text); }
void curl_slist_free_all(struct curl_slist *list) { require(); real.curl_slist_free_all(list); }
CURLU *curl_url(void) {
    require();
    CURLU *url = real.curl_url();
    if (url != NULL) remember_url(url);
    return url;
}
void curl_url_cleanup(CURLU *url) {
    require();
    if (url != NULL) forget_url(url);
    real.curl_url_cleanup(url);
}
CURLUcode curl_url_get(CURLU *url, CURLUPart part, char **value, unsigned int flags) { require(); return real.curl_url_get(url, part, value, flags); }
CURLUcode curl_url_set(CURLU *url, CURLUPart part, const char *value, unsigned int flags) { require(); return real.curl_url_set(url, part, value, flags); }
char *curl_version(void) { require(); return real.curl_version(); }
curl_version_info_data *curl_version_info(CURLversion version) { require(); return real.curl_version_info(version); }

#define ONE_ARGUMENT(last) ({ va_list arguments; va_start(arguments, last); intptr_t value = va_arg(arguments, intptr_t); va_end(arguments); value; })

CURLcode curl_easy_setopt(CURL *handle, CURLoption option, ...) {
    intptr_t value = ONE_ARGUMENT(option);
    require();
    return real.curl_easy_setopt(handle, option, value);
}

CURLcode curl_easy_getinfo(CURL *handle, CURLINFO info, ...) {
    intptr_t value = ONE_ARGUMENT(info);
    require();
    return real.curl_easy_getinfo(handle, info, value);
}

CURLMcode curl_multi_setopt(CURLM *multi, CURLMoption option, ...) {
    intptr_t value = ONE_ARGUMENT(option);
    require();
    return real.curl_multi_setopt(multi, option, value);
}

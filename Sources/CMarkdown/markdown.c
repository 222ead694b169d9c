// cmark-gfm behind dlopen, run in a child process, and the walk that turns its tree into
// GhfMarkdownEvents.
#define _GNU_SOURCE
#include "CMarkdown.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// cmark-gfm's headers at build time only: the binary links nothing of it (its DT_NEEDED would
// load it at every start); the functions come from dlsym.
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

#define CMARK_FUNCTIONS(X)                                                                          \
    X(cmark_parser_new) \
    X(cmark_parser_free) \
    X(cmark_parser_feed) \
    X(cmark_parser_finish) \
    X(cmark_parser_attach_syntax_extension) \
    X(cmark_find_syntax_extension) \
    X(cmark_node_free) \
    X(cmark_iter_new) \
    X(cmark_iter_free) \
    X(cmark_iter_next) \
    X(cmark_iter_get_node) \
    X(cmark_node_get_type) \
    X(cmark_node_get_type_string) \
    X(cmark_node_get_literal) \
    X(cmark_node_get_heading_level) \
    X(cmark_node_get_list_type) \
    X(cmark_node_get_list_start) \
    X(cmark_node_get_list_tight) \
    X(cmark_node_get_fence_info) \
    X(cmark_node_get_url) \
    X(cmark_node_get_title)

#define EXTENSION_FUNCTIONS(X)                                                                      \
    X(cmark_gfm_core_extensions_ensure_registered) \
    X(cmark_gfm_extensions_get_table_columns) \
    X(cmark_gfm_extensions_get_table_alignments) \
    X(cmark_gfm_extensions_get_table_row_is_header) \
    X(cmark_gfm_extensions_get_tasklist_item_checked)

static struct {
#define FIELD(name) __typeof__(name) *name;
    CMARK_FUNCTIONS(FIELD)
    EXTENSION_FUNCTIONS(FIELD)
#undef FIELD
} cmark;

static const char *load_failure;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *core = dlopen("libcmark-gfm.so.0.29.0.gfm.6", RTLD_NOW | RTLD_LOCAL);
    void *extensions = core ? dlopen("libcmark-gfm-extensions.so.0.29.0.gfm.6", RTLD_NOW | RTLD_LOCAL) : NULL;
    if (core == NULL || extensions == NULL) {
        load_failure = "cmark-gfm could not be loaded; install libcmark-gfm-extensions0.29.0.gfm.6";
        return;
    }
#define RESOLVE_IN(library, name)                                                                   \
    cmark.name = (__typeof__(name) *)dlsym(library, #name);                                        \
    if (cmark.name == NULL) {                                                                       \
        load_failure = "cmark-gfm has no " #name;                                                   \
        return;                                                                                     \
    }
#define RESOLVE_CORE(name) RESOLVE_IN(core, name)
#define RESOLVE_EXTENSION(name) RESOLVE_IN(extensions, name)
    CMARK_FUNCTIONS(RESOLVE_CORE)
    EXTENSION_FUNCTIONS(RESOLVE_EXTENSION)
#undef RESOLVE_CORE
#undef RESOLVE_EXTENSION
#undef RESOLVE_IN
    // Registers the extensions once per process (cmark-gfm's registry is not locked).
    cmark.cmark_gfm_core_extensions_ensure_registered();
}

static GhfMarkdownKind kind_of(cmark_node *node) {
    switch (cmark.cmark_node_get_type(node)) {
    case CMARK_NODE_DOCUMENT: return GHF_MD_DOCUMENT;
    case CMARK_NODE_BLOCK_QUOTE: return GHF_MD_BLOCK_QUOTE;
    case CMARK_NODE_LIST: return GHF_MD_LIST;
    case CMARK_NODE_ITEM: return GHF_MD_ITEM;
    case CMARK_NODE_CODE_BLOCK: return GHF_MD_CODE_BLOCK;
    case CMARK_NODE_HTML_BLOCK: return GHF_MD_HTML_BLOCK;
    case CMARK_NODE_PARAGRAPH: return GHF_MD_PARAGRAPH;
    case CMARK_NODE_HEADING: return GHF_MD_HEADING;
    case CMARK_NODE_THEMATIC_BREAK: return GHF_MD_THEMATIC_BREAK;
    case CMARK_NODE_TEXT: return GHF_MD_TEXT;
    case CMARK_NODE_SOFTBREAK: return GHF_MD_SOFT_BREAK;
    case CMARK_NODE_LINEBREAK: return GHF_MD_LINE_BREAK;
    case CMARK_NODE_CODE: return GHF_MD_CODE;
    case CMARK_NODE_HTML_INLINE: return GHF_MD_HTML_INLINE;
    case CMARK_NODE_EMPH: return GHF_MD_EMPHASIS;
    case CMARK_NODE_STRONG: return GHF_MD_STRONG;
    case CMARK_NODE_LINK: return GHF_MD_LINK;
    case CMARK_NODE_IMAGE: return GHF_MD_IMAGE;
    default: break;
    }
    // The extensions' nodes have types assigned at registration; their names are fixed.
    const char *name = cmark.cmark_node_get_type_string(node);
    if (name == NULL) return GHF_MD_OTHER;
    if (strcmp(name, "table") == 0) return GHF_MD_TABLE;
    if (strcmp(name, "table_header") == 0 || strcmp(name, "table_row") == 0) return GHF_MD_TABLE_ROW;
    if (strcmp(name, "table_cell") == 0) return GHF_MD_TABLE_CELL;
    if (strcmp(name, "strikethrough") == 0) return GHF_MD_STRIKETHROUGH;
    if (strcmp(name, "tasklist") == 0) return GHF_MD_ITEM;
    return GHF_MD_OTHER;
}

static const char *text_or_empty(const char *text) { return text != NULL ? text : ""; }

static void fill(GhfMarkdownEvent *event, cmark_node *node) {
    switch (event->kind) {
    case GHF_MD_TEXT:
    case GHF_MD_CODE:
    case GHF_MD_HTML_INLINE:
    case GHF_MD_HTML_BLOCK:
        event->literal = text_or_empty(cmark.cmark_node_get_literal(node));
        break;
    case GHF_MD_CODE_BLOCK:
        event->literal = text_or_empty(cmark.cmark_node_get_literal(node));
        event->info = text_or_empty(cmark.cmark_node_get_fence_info(node));
        break;
    case GHF_MD_LINK:
    case GHF_MD_IMAGE:
        event->url = text_or_empty(cmark.cmark_node_get_url(node));
        event->title = text_or_empty(cmark.cmark_node_get_title(node));
        break;
    case GHF_MD_HEADING:
        event->heading_level = cmark.cmark_node_get_heading_level(node);
        break;
    case GHF_MD_LIST:
        event->list_ordered = cmark.cmark_node_get_list_type(node) == CMARK_ORDERED_LIST;
        event->list_start = cmark.cmark_node_get_list_start(node);
        event->list_tight = cmark.cmark_node_get_list_tight(node);
        break;
    case GHF_MD_ITEM: {
        const char *name = cmark.cmark_node_get_type_string(node);
        if (name != NULL && strcmp(name, "tasklist") == 0)
            event->task = cmark.cmark_gfm_extensions_get_tasklist_item_checked(node) ? 1 : 0;
        break;
    }
    case GHF_MD_TABLE_ROW:
        event->header_row = cmark.cmark_gfm_extensions_get_table_row_is_header(node) != 0;
        break;
    case GHF_MD_TABLE:
        event->columns = cmark.cmark_gfm_extensions_get_table_columns(node);
        event->alignments = cmark.cmark_gfm_extensions_get_table_alignments(node);
        break;
    default:
        break;
    }
}

static bool is_leaf(GhfMarkdownKind kind) {
    switch (kind) {
    case GHF_MD_TEXT: case GHF_MD_SOFT_BREAK: case GHF_MD_LINE_BREAK: case GHF_MD_CODE:
    case GHF_MD_HTML_INLINE: case GHF_MD_HTML_BLOCK: case GHF_MD_CODE_BLOCK: case GHF_MD_THEMATIC_BREAK:
        return true;
    default:
        return false;
    }
}

// MARK: - The parse, in a child process

/// Walks `document`, calling `visit` for every node in document order.
static void walk(cmark_node *document, GhfMarkdownVisit visit, void *context) {
    cmark_iter *iterator = cmark.cmark_iter_new(document);
    int step;
    while ((step = cmark.cmark_iter_next(iterator)) != CMARK_EVENT_DONE) {
        cmark_node *node = cmark.cmark_iter_get_node(iterator);
        GhfMarkdownEvent event = {.literal = "", .url = "", .title = "", .info = "", .task = -1};
        event.kind = kind_of(node);
        // A leaf is entered only; the iterator never reports an exit for it.
        event.entering = step == CMARK_EVENT_ENTER || is_leaf(event.kind);
        if (step == CMARK_EVENT_EXIT && is_leaf(event.kind)) continue;
        if (event.entering) fill(&event, node);
        visit(context, &event);
    }
    cmark.cmark_iter_free(iterator);
}

// The child writes each event to the pipe: a fixed header, its alignments, then its four strings,
// each as a 32-bit length and its bytes. The parent reads them back into GhfMarkdownEvents.
typedef struct {
    int32_t kind, entering, heading_level, list_ordered, list_start, list_tight, task, header_row, columns;
    uint32_t lengths[4];
} Record;

typedef struct {
    int fd;
    char buffer[64 * 1024];
    size_t used;
    int failed;
} Writer;

static void flush_writer(Writer *writer) {
    size_t done = 0;
    while (done < writer->used && !writer->failed) {
        ssize_t written = write(writer->fd, writer->buffer + done, writer->used - done);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) writer->failed = 1; else done += (size_t)written;
    }
    writer->used = 0;
}

static void put(Writer *writer, const void *bytes, size_t length) {
    const char *from = bytes;
    while (length > 0 && !writer->failed) {
        if (writer->used == sizeof writer->buffer) flush_writer(writer);
        size_t room = sizeof writer->buffer - writer->used;
        size_t part = length < room ? length : room;
        memcpy(writer->buffer + writer->used, from, part);
        writer->used += part;
        from += part;
        length -= part;
    }
}

static void write_event(void *context, const GhfMarkdownEvent *event) {
    Writer *writer = context;
    const char *strings[4] = {event->literal, event->url, event->title, event->info};
    Record record = {event->kind, event->entering, event->heading_level, event->list_ordered, event->list_start,
                     event->list_tight, event->task, event->header_row, event->alignments != NULL ? event->columns : 0, {0}};
    for (int i = 0; i < 4; i++) record.lengths[i] = (uint32_t)strlen(strings[i]);
    put(writer, &record, sizeof record);
    if (record.columns > 0) put(writer, event->alignments, (size_t)record.columns);
    for (int i = 0; i < 4; i++) put(writer, strings[i], record.lengths[i]);
}

/// In the child: parse, write the events, and leave without running anything of the parent's.
static void __attribute__((noreturn)) parse_in_child(const char *text, size_t length, int fd, pid_t parent) {
    // The child dies with its parent, and never outlives its time (the parent kills it first).
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(4);
    // A fault in cmark-gfm ends the child quietly: no crash handler of the parent's (the Swift
    // runtime's backtracer) runs in it, and no core of the whole app is written.
    static const int faults[] = {SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP};
    for (size_t i = 0; i < sizeof faults / sizeof *faults; i++) signal(faults[i], SIG_DFL);
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    prctl(PR_SET_DUMPABLE, 0);
    cmark_parser *parser = cmark.cmark_parser_new(CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_GITHUB_PRE_LANG);
    // Not "autolink": Debian 12's cmark-gfm (0.29.0.gfm.6) predates the fix of its out-of-bounds
    // read (CVE-2023-22485). Bare addresses are made links in Swift instead (MarkdownAutolinks).
    static const char *const extensions[] = {"table", "strikethrough", "tasklist"};
    for (size_t i = 0; i < sizeof extensions / sizeof *extensions; i++) {
        cmark_syntax_extension *extension = cmark.cmark_find_syntax_extension(extensions[i]);
        if (extension != NULL) cmark.cmark_parser_attach_syntax_extension(parser, extension);
    }
    cmark.cmark_parser_feed(parser, text, length);
    cmark_node *document = cmark.cmark_parser_finish(parser);
    static Writer writer;
    writer.fd = fd;
    if (document != NULL) walk(document, write_event, &writer);
    flush_writer(&writer);
    _exit(writer.failed ? 3 : 0);
}

/// Reads the child's whole stream before `deadline` (CLOCK_MONOTONIC ms), at most `limit` bytes.
static int read_all(int fd, double deadline, char **out, size_t *out_length, size_t limit) {
    size_t capacity = 256 * 1024, used = 0;
    char *data = malloc(capacity);
    if (data == NULL) return -1;
    for (;;) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        double left = deadline - (now.tv_sec * 1e3 + now.tv_nsec / 1e6);
        if (left <= 0) { free(data); return -2; }
        struct pollfd poller = {.fd = fd, .events = POLLIN};
        int ready = poll(&poller, 1, (int)left + 1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue;
        if (used == capacity) {
            if (capacity >= limit) { free(data); return -3; }
            char *grown = realloc(data, capacity * 2);
            if (grown == NULL) { free(data); return -1; }
            data = grown;
            capacity *= 2;
        }
        ssize_t got = read(fd, data + used, capacity - used);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) { free(data); return -1; }
        if (got == 0) break;
        used += (size_t)got;
    }
    *out = data;
    *out_length = used;
    return 0;
}

/// Replays a stream the child wrote; 0 when it was whole.
static int replay(const char *data, size_t length, GhfMarkdownVisit visit, void *context) {
    size_t at = 0;
    while (at < length) {
        Record record;
        if (length - at < sizeof record) return -1;
        memcpy(&record, data + at, sizeof record);
        at += sizeof record;
        if (record.columns < 0 || (size_t)record.columns > length - at) return -1;
        const uint8_t *alignments = record.columns > 0 ? (const uint8_t *)(data + at) : NULL;
        at += (size_t)record.columns;
        // Each string is copied out with its terminator (the stream has none).
        char *strings[4] = {NULL, NULL, NULL, NULL};
        int broken = 0;
        for (int i = 0; i < 4 && !broken; i++) {
            if (record.lengths[i] > length - at) { broken = 1; break; }
            strings[i] = malloc(record.lengths[i] + 1);
            if (strings[i] == NULL) { broken = 1; break; }
            memcpy(strings[i], data + at, record.lengths[i]);
            strings[i][record.lengths[i]] = '\0';
            at += record.lengths[i];
        }
        if (!broken) {
            GhfMarkdownEvent event = {
                .kind = (GhfMarkdownKind)record.kind, .entering = record.entering, .literal = strings[0], .url = strings[1],
                .title = strings[2], .info = strings[3], .heading_level = record.heading_level, .list_ordered = record.list_ordered,
                .list_start = record.list_start, .list_tight = record.list_tight, .task = record.task, .header_row = record.header_row,
                .columns = record.columns, .alignments = alignments,
            };
            visit(context, &event);
        }
        for (int i = 0; i < 4; i++) free(strings[i]);
        if (broken) return -1;
    }
    return 0;
}

GhfMarkdownOutcome ghf_markdown_walk(const char *text, size_t length, unsigned milliseconds, GhfMarkdownVisit visit, void *context,
                                     const char **why) {
    pthread_once(&load_once, load);
    *why = load_failure;
    if (load_failure != NULL) return GHF_MD_NOT_LOADED;

    // One fork at a time: a child forked while another call's pipe is open would hold that
    // pipe's write end, and that call would wait for it to the end of its time.
    static pthread_mutex_t forking = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&forking);
    int pipe_fds[2];
    if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
        pthread_mutex_unlock(&forking);
        return GHF_MD_UNREADABLE;
    }
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) {
        close(pipe_fds[0]);
        close(pipe_fds[1]);
        pthread_mutex_unlock(&forking);
        return GHF_MD_UNREADABLE;
    }
    if (child == 0) {
        close(pipe_fds[0]);
        parse_in_child(text, length, pipe_fds[1], parent);
    }
    close(pipe_fds[1]);
    pthread_mutex_unlock(&forking);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    char *data = NULL;
    size_t data_length = 0;
    // The events of a document are a few times its size; more is not a README.
    int read_status = read_all(pipe_fds[0], now.tv_sec * 1e3 + now.tv_nsec / 1e6 + milliseconds, &data, &data_length, 64u << 20);
    close(pipe_fds[0]);
    if (read_status != 0) kill(child, SIGKILL);
    int status = 0;
    pid_t waited;
    while ((waited = waitpid(child, &status, 0)) < 0 && errno == EINTR) {}
    if (waited != child) { free(data); return GHF_MD_UNREADABLE; }
    if (read_status == -2) { free(data); return GHF_MD_TIMED_OUT; }
    if (read_status != 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        free(data);
        return GHF_MD_UNREADABLE;
    }
    int replayed = replay(data, data_length, visit, context);
    free(data);
    return replayed == 0 ? GHF_MD_PARSED : GHF_MD_UNREADABLE;
}

// cmark-gfm behind dlopen, and the walk that turns its tree into GhfMarkdownEvents.
#include "CMarkdown.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <string.h>

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

const char *ghf_markdown_walk(const char *text, size_t length, GhfMarkdownVisit visit, void *context) {
    pthread_once(&load_once, load);
    if (load_failure != NULL) return load_failure;

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
    cmark.cmark_parser_free(parser);
    if (document == NULL) return NULL;

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
    cmark.cmark_node_free(document);
    return NULL;
}

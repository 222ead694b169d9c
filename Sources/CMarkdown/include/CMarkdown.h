// Markdown parsed by cmark-gfm, GitHub's own parser, for READMEs and release notes
// (MarkdownParser.swift). cmark-gfm is loaded with dlopen the first time a document is parsed,
// not at start-up: most sessions never open a README.
//
// The C side walks cmark-gfm's tree with its iterator (no recursion, so deep nesting cannot
// overflow a stack) and hands each node to `visit` as a flat event; Swift builds its own model
// from the events and never touches a cmark node.
#ifndef GHF_CMARKDOWN_H
#define GHF_CMARKDOWN_H

#include <stddef.h>
#include <stdint.h>

/// What a node is. The extensions' nodes (tables, strikethrough, task items) are told apart by
/// cmark-gfm's type string, so the Swift side needs none of the extensions' globals.
typedef enum {
    GHF_MD_DOCUMENT = 0,
    GHF_MD_BLOCK_QUOTE,
    GHF_MD_LIST,
    GHF_MD_ITEM,
    GHF_MD_CODE_BLOCK,
    GHF_MD_HTML_BLOCK,
    GHF_MD_PARAGRAPH,
    GHF_MD_HEADING,
    GHF_MD_THEMATIC_BREAK,
    GHF_MD_TABLE,
    GHF_MD_TABLE_ROW,
    GHF_MD_TABLE_CELL,
    GHF_MD_TEXT,
    GHF_MD_SOFT_BREAK,
    GHF_MD_LINE_BREAK,
    GHF_MD_CODE,
    GHF_MD_HTML_INLINE,
    GHF_MD_EMPHASIS,
    GHF_MD_STRONG,
    GHF_MD_LINK,
    GHF_MD_IMAGE,
    GHF_MD_STRIKETHROUGH,
    /// Anything else (footnotes, custom blocks): its text still comes as its children's events.
    GHF_MD_OTHER,
} GhfMarkdownKind;

/// One step of the walk: a container is entered (`entering` 1) and left (0); a leaf comes once.
/// Pointers are valid only during the call; strings are NUL-terminated UTF-8 (never NULL).
typedef struct {
    GhfMarkdownKind kind;
    int entering;
    /// Text, inline code, HTML, a code block's text.
    const char *literal;
    /// A link's or image's destination and title.
    const char *url;
    const char *title;
    /// A fenced code block's info string (its language first).
    const char *info;
    /// A heading's level (1-6).
    int heading_level;
    /// A list: ordered (1) or bulleted (0), its first number, tight (1) or loose (0).
    int list_ordered;
    int list_start;
    int list_tight;
    /// An item: -1 when it is not a task, else 0 unchecked, 1 checked.
    int task;
    /// A table row: 1 when it is the header row.
    int header_row;
    /// A table: its column count and each column's alignment ('l', 'c', 'r' or 0).
    int columns;
    const uint8_t *alignments;
} GhfMarkdownEvent;

typedef void (*GhfMarkdownVisit)(void *context, const GhfMarkdownEvent *event);

/// Parses `length` bytes of Markdown with GitHub's extensions (tables, strikethrough, task lists;
/// not autolinks, see markdown.c; invalid UTF-8 replaced) and calls `visit` for every node in
/// document order.
///
/// cmark-gfm runs in a child process (fork) given `milliseconds` of wall time: Debian 12's
/// version has inputs that take it minutes (CVE-2023-22486 and the like: 256 KB of `![[]()` take
/// 21 s, 64 KB of `- - - …` 25 s), and one that reads out of bounds. A parse that runs out of time
/// is killed, one that crashes takes only its child with it, and either way the document is
/// refused with a reason; the parent replays the child's events only once they are all there.
/// `why` is set, for GHF_MD_NOT_LOADED, to what is missing (a static string).
typedef enum {
    GHF_MD_PARSED = 0,
    /// cmark-gfm could not be loaded.
    GHF_MD_NOT_LOADED,
    /// The parse ran out of time and was killed.
    GHF_MD_TIMED_OUT,
    /// The parse failed (crashed, or its output was not whole).
    GHF_MD_UNREADABLE,
} GhfMarkdownOutcome;

GhfMarkdownOutcome ghf_markdown_walk(const char *text, size_t length, unsigned milliseconds, GhfMarkdownVisit visit, void *context,
                                     const char **why);

#endif

#include "CGtkSupport.h"

// Taking a widget tree apart a piece at a time (Teardown.swift): GTK 4.8 removes a subtree in
// one go, and a README's 500-row table (1,500 labels) took 80-130 ms to remove.

// Only the children of a plain box or grid are removed here: their parent keeps nothing about
// them but the link GTK itself holds. Any other widget (a button, a subclass of GtkBox) may keep
// pointers to the widgets inside it, plain boxes among them: it is never looked into, and goes
// whole with its parent. A scrolled window, a viewport and an expander (a README's <details>,
// whose child is out of the tree while it is closed) are looked through to their one child,
// which stays theirs: only what is inside it is removed.
static gboolean removable_from(GtkWidget *parent) {
    GType type = G_OBJECT_TYPE(parent);
    return type == GTK_TYPE_BOX || type == GTK_TYPE_GRID;
}

static GtkWidget *only_child(GtkWidget *widget) {
    GType type = G_OBJECT_TYPE(widget);
    if (type == GTK_TYPE_SCROLLED_WINDOW) return gtk_scrolled_window_get_child(GTK_SCROLLED_WINDOW(widget));
    if (type == GTK_TYPE_VIEWPORT) return gtk_viewport_get_child(GTK_VIEWPORT(widget));
    if (type == GTK_TYPE_EXPANDER) return gtk_expander_get_child(GTK_EXPANDER(widget));
    return NULL;
}

static int subtree_size(GtkWidget *widget, int limit) {
    int size = 1;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child && size <= limit; child = gtk_widget_get_next_sibling(child))
        size += subtree_size(child, limit - size);
    // A closed expander's child is out of the tree, and still goes with it.
    GtkWidget *inner = only_child(widget);
    if (inner && !gtk_widget_get_parent(inner) && size <= limit) size += subtree_size(inner, limit - size);
    return size;
}

static void remove_child(GtkWidget *parent, GtkWidget *child) {
    if (GTK_IS_GRID(parent)) gtk_grid_remove(GTK_GRID(parent), child);
    else gtk_box_remove(GTK_BOX(parent), child);
}

int ghf_dismantle_some(GtkWidget *widget, int budget) {
    GtkWidget *inner = only_child(widget);
    if (inner) return ghf_dismantle_some(inner, budget);
    if (!removable_from(widget)) return 0;
    int removed = 0;
    GtkWidget *child = gtk_widget_get_last_child(widget);
    while (child && removed < budget) {
        GtkWidget *previous = gtk_widget_get_prev_sibling(child);
        int size = subtree_size(child, budget - removed);
        int inside = size <= budget - removed ? 0 : ghf_dismantle_some(child, budget - removed);
        // Too big to remove in one piece: some of it was taken apart; look at it again.
        if (inside > 0) {
            removed += inside;
            continue;
        }
        // Small enough, or nothing more comes out of it: it goes whole.
        remove_child(widget, child);
        removed += size;
        child = previous;
    }
    return removed;
}

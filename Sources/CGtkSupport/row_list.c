// The list widget of every long list (search results, favorites, your followers).
//
// GTK 4.8's GtkListView keeps about 200 row widgets around its anchor (GTK_LIST_VIEW_MAX_LIST_ITEMS)
// and lays out and restyles all of them at each frame of a scroll: PageDown held through 100,000
// favorites cost 10-15 ms of layout a press. A one-column GtkGridView keeps 30 rows and one past
// each end around its anchor (GTK_GRID_VIEW_MAX_VISIBLE_ROWS): the same scroll costs a third of
// that, and the app's CPU time a press fell from ~20 ms to ~11. Its keyboard handling (arrows,
// PageUp/PageDown, Home/End, activation) is GtkListBase's, as GtkListView's.
//
// 32 rows must cover the list's height, though, or the rest of it stays blank: the grid is used
// only when no monitor is taller than `GHF_ROW_LIST_GRID_MONITOR_HEIGHT` logical pixels (the
// list is ~180 px shorter than its window; a person row is 44-52 px high).
//
// GTK 4.8's grid asserts (and aborts) when its model changes while it allocates: the number of
// rows must never change from a handler of its adjustments (see ListView.finish): End pressed as
// search pages arrived crashed the app (the end-to-end scenario "the 1,000-result cap").
#include "CGtkSupport.h"

#define GHF_ROW_LIST_GRID_MONITOR_HEIGHT 1470

gboolean ghf_row_list_grid_fits(void) {
    GdkDisplay *display = gdk_display_get_default();
    if (display == NULL) return TRUE;
    GListModel *monitors = gdk_display_get_monitors(display);
    gboolean fits = TRUE;
    for (guint i = 0; i < g_list_model_get_n_items(monitors); i++) {
        GdkMonitor *monitor = g_list_model_get_item(monitors, i);
        GdkRectangle geometry;
        gdk_monitor_get_geometry(monitor, &geometry);
        if (geometry.height > GHF_ROW_LIST_GRID_MONITOR_HEIGHT) fits = FALSE;
        g_object_unref(monitor);
    }
    return fits;
}

GtkWidget *ghf_row_list_new(GtkSelectionModel *model, GtkListItemFactory *factory, gboolean grid) {
    if (!grid) return gtk_list_view_new(model, factory);
    GtkWidget *list = g_object_new(GTK_TYPE_GRID_VIEW, "model", model, "factory", factory, "min-columns", 1, "max-columns", 1,
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_LIST, NULL);
    gtk_widget_add_css_class(list, "row-list");
    // Taken, as gtk_list_view_new takes them.
    g_object_unref(model);
    g_object_unref(factory);
    return list;
}

void ghf_row_list_set_single_click_activate(GtkWidget *list) {
    if (GTK_IS_GRID_VIEW(list)) gtk_grid_view_set_single_click_activate(GTK_GRID_VIEW(list), TRUE);
    else gtk_list_view_set_single_click_activate(GTK_LIST_VIEW(list), TRUE);
}

void ghf_row_list_item_is_list_item(GtkWidget *child) {
    // A grid's cells are "table cells" to screen readers; in a list of one column they are list
    // items, as in a GtkListView. Their role can be set until their accessible is first used:
    // after GTK puts the child into its cell, before the cell is shown.
    GtkWidget *item = gtk_widget_get_parent(child);
    if (item == NULL || !GTK_IS_GRID_VIEW(gtk_widget_get_parent(item))) return;
    GtkAccessibleRole role;
    g_object_get(item, "accessible-role", &role, NULL);
    if (role != GTK_ACCESSIBLE_ROLE_LIST_ITEM) g_object_set(item, "accessible-role", GTK_ACCESSIBLE_ROLE_LIST_ITEM, NULL);
}

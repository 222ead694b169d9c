import CGtk
import GitHubFinderCore

/// Core's `PrimaryMenu` as a GMenu for the header bar's menu button.
@MainActor
enum PrimaryMenuModel {
    static func make() -> ObjectRef {
        let menu = g_menu_new()!
        for section in PrimaryMenu.sections {
            let part = g_menu_new()!
            for item in section {
                let entry = g_menu_item_new(item.label, nil)!
                g_menu_item_set_action_and_target_value(entry, item.action, item.target.map { g_variant_new_string($0) })
                if item.hiddenWhenDisabled {
                    g_menu_item_set_attribute_value(entry, "hidden-when", g_variant_new_string("action-disabled"))
                }
                g_menu_append_item(part, entry)
                g_object_unref(UnsafeMutableRawPointer(entry))
            }
            g_menu_append_section(menu, nil, UnsafeMutableRawPointer(part).assumingMemoryBound(to: GMenuModel.self))
            g_object_unref(UnsafeMutableRawPointer(part))
        }
        return ObjectRef(adopting: UnsafeMutableRawPointer(menu))
    }
}

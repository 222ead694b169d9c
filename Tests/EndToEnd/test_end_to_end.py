#!/usr/bin/python3
"""End to end: the real github-finder binary against the GitHub double, driven through the
accessibility tree (AT-SPI) and the X display as a user, a screen reader or an assistive tool would.

Run inside scripts/with-display.sh (Xvfb + D-Bus + accessibility bus) with Debian's /usr/bin/python3
(it has pyatspi). GHF_BUILD_DIR picks the binaries (default .build/debug); GHF_E2E_ONLY=word runs
the scenarios whose function name contains the word; GHF_E2E_KEEP=1 keeps each scenario's folder
(app stderr, server log). Every app's stderr is captured and any GLib/GTK critical or warning fails
the run. The last line is 'end-to-end: N passed, N failed'; the exit status is non-zero on any failure.

Scenarios (driver.py has the helpers):
  scenarios_main.py       search, star, Favorites tab, letter header, profile, Open in Browser
  scenarios_search.py     Escape, type-to-search, No Users Found, 422 message, 1,000 cap, failed next page
  scenarios_favorites.py  unstar -> toast with Undo -> back
  scenarios_network.py    You're Offline -> Retry; 401 -> sign-in dialog -> the same search again
  scenarios_window.py     narrow layout with Back; size and favorites kept across a restart
  scenarios_korean.py     in ko_KR.UTF-8: Korean names, no English word of the catalogue left
  scenarios_readme.py     a repository's release and README: sections, headings, Copy, Open Release, none, hostile ones
  scenarios_refresh.py    F5 / Ctrl+R keep results and detail, the Filters popover, a person's repositories
  scenarios_history.py    recent searches under the empty entry: Down/Enter, remove, Preferences clears, kept
  scenarios_notes.py      notes and tags: detail, Favorites rows, filter, tag bar, restart, export
  scenarios_files.py      favorites list|export|import from the command line, with no display; the app shows the import
  scenarios_shell_search.py  GNOME Shell's search provider over D-Bus: activation, results, metas, ActivateResult, LaunchSearch, idle exit
  scenarios_account.py    Follow / Unfollow from a detail, on the double; refused without user:follow; Your Profile; add everyone you follow to Favorites
  scenarios_whats_new.py  What's New: a favorite's bell, a new release as an entry and a notification (clicked: the release), the background service
"""
import os
import sys
import time
import traceback

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from driver import BUILD, RESULTS, check  # noqa: E402
import scenarios_account  # noqa: E402
import scenarios_favorites  # noqa: E402
import scenarios_files  # noqa: E402
import scenarios_history  # noqa: E402
import scenarios_korean  # noqa: E402
import scenarios_main  # noqa: E402
import scenarios_network  # noqa: E402
import scenarios_notes  # noqa: E402
import scenarios_preferences  # noqa: E402
import scenarios_readme  # noqa: E402
import scenarios_refresh  # noqa: E402
import scenarios_repositories  # noqa: E402
import scenarios_search  # noqa: E402
import scenarios_shell_search  # noqa: E402
import scenarios_whats_new  # noqa: E402
import scenarios_window  # noqa: E402

SCENARIOS = (scenarios_main.SCENARIOS + scenarios_search.SCENARIOS + scenarios_history.SCENARIOS + scenarios_repositories.SCENARIOS + scenarios_readme.SCENARIOS + scenarios_refresh.SCENARIOS
             + scenarios_favorites.SCENARIOS + scenarios_notes.SCENARIOS + scenarios_files.SCENARIOS + scenarios_shell_search.SCENARIOS + scenarios_network.SCENARIOS + scenarios_preferences.SCENARIOS + scenarios_account.SCENARIOS + scenarios_whats_new.SCENARIOS + scenarios_window.SCENARIOS + scenarios_korean.SCENARIOS)


def main():
    for binary in ("github-finder", "github-finder-favorites", "github-fixture-server"):
        if not check("%s is built (%s)" % (binary, BUILD), os.access(os.path.join(BUILD, binary), os.X_OK)):
            return
    only = os.environ.get("GHF_E2E_ONLY")
    started = time.time()
    for scenario in SCENARIOS:
        if only and only not in scenario.__name__:
            continue
        try:
            scenario()
        except Exception:  # a crash of the test itself is a failure, not a pass
            check("%s runs to its end" % scenario.__name__, False, traceback.format_exc()[-3000:])
    print("# %.0f s" % (time.time() - started))
    if RESULTS.failures:
        print("# failed:")
        for failure in RESULTS.failures:
            print("#   %s" % failure)


if __name__ == "__main__":
    try:
        main()
    except Exception:
        check("the end-to-end run completes", False, traceback.format_exc()[-3000:])
    print("end-to-end: %d passed, %d failed" % (RESULTS.passed, RESULTS.failed))
    sys.exit(1 if RESULTS.failed or not RESULTS.passed else 0)

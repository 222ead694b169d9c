# GitHub Finder — the commands in README.md. Each installs the Debian packages it needs first
# (scripts/install-deps.sh: apt-get update, then only what is missing).
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift
PORT ?= 8787
PREFIX ?= /usr/local
DESTDIR ?=
APP_ID := io.github.githubfinder.GitHubFinder
# The one place the version is written (VERSION): --version and About (VersionPlugin), the man
# page, the .deb; make deb checks that the metainfo's newest release, NEWS.md and the Debian
# changelog name it.
VERSION := $(shell cat VERSION)

# Build: GTK 4 and libadwaita 1.2 headers, SQLite, libsoup 3 (the GitHub client's HTTP), cmark-gfm (READMEs' Markdown) and glib-networking
# (its TLS), libcurl (FoundationNetworking, which only tests link), Python.
BUILD_DEPS := build-essential pkg-config libgtk-4-dev libadwaita-1-dev libsecret-1-dev libsqlite3-dev libsoup-3.0-dev libcmark-gfm-dev libcmark-gfm-extensions-dev glib-networking libcurl4 libcurl4-openssl-dev python3 ca-certificates git gettext
# Run: a GTK theme's icons and fonts (Noto CJK for the Korean translation's glyphs).
RUN_DEPS := $(BUILD_DEPS) adwaita-icon-theme fonts-cantarell fonts-noto-color-emoji fonts-noto-cjk librsvg2-common
# Test: a private X display, a D-Bus session with the accessibility bus, AT-SPI from Python,
# xdotool to type and click, gnome-keyring as the Secret Service, the desktop-file and
# AppStream validators, and locales (install-deps.sh then generates ko_KR.UTF-8 for the Korean test).
TEST_DEPS := $(RUN_DEPS) xvfb xauth dbus at-spi2-core gnome-keyring python3-pyatspi gir1.2-atspi-2.0 xdotool \
             desktop-file-utils appstream curl imagemagick locales
# Bench: what make test needs, and GNOME Calculator 43 (the peer anchor of the start page's first
# window and memory) with python3-xlib (the first window seen as an X MapNotify).
BENCH_DEPS := $(TEST_DEPS) gnome-calculator python3-xlib
# Package: dpkg-deb and dpkg-shlibdeps (dpkg-dev), lintian, man-db (the man page checked), xz;
# make package-test builds a clean Debian 12 root with mmdebstrap (the test harness is installed
# inside that root, from Debian's mirror, not here).
PACKAGE_DEPS := $(BUILD_DEPS) dpkg-dev lintian man-db xz-utils mmdebstrap desktop-file-utils appstream
DEB := dist/github-finder_$(VERSION)_amd64.deb

.PHONY: deps run-deps test-deps package-deps bench-deps build test pot locale test-swift test-e2e validate run demo bench screenshots install deb package-test fixtures clean

deps:
	@scripts/install-deps.sh $(BUILD_DEPS)
run-deps:
	@scripts/install-deps.sh $(RUN_DEPS)
test-deps:
	@scripts/install-deps.sh $(TEST_DEPS)
package-deps:
	@scripts/install-deps.sh $(PACKAGE_DEPS)
bench-deps:
	@scripts/install-deps.sh $(BENCH_DEPS)

build: deps locale
	$(SWIFT) build

## make pot: po/POTFILES (every Swift file that calls tr( or trn(, the .ui files, the desktop
## file and the metainfo), then po/github-finder.pot from them (Swift: tr("…") and
## trn("…", "…", n); .ui: translatable="yes"), merged into each language's .po.
POT := po/github-finder.pot
pot:
	@{ echo "# Files with translatable text (make pot writes this list)."; \
	  grep -rlE '\btrn?\(' Sources/GitHubFinderCore Sources/GitHubFinderGTK --include='*.swift' | LC_ALL=C sort; \
	  ls Resources/ui/*.ui; echo data/io.github.githubfinder.GitHubFinder.desktop; \
	  echo data/io.github.githubfinder.GitHubFinder.metainfo.xml; } > po/POTFILES
	@sources=$$(grep -v '^#' po/POTFILES); \
	xgettext --force-po --from-code=UTF-8 --language=C --keyword= --keyword=tr --keyword=trn:1,2 --add-comments=TRANSLATORS \
	  --package-name=github-finder --msgid-bugs-address=https://github.com/githubfinder/GitHubFinder/issues \
	  -o $(POT) $$(echo "$$sources" | grep '\.swift$$') && \
	xgettext --from-code=UTF-8 --add-comments=TRANSLATORS -j -o $(POT) $$(echo "$$sources" | grep -v '\.swift$$')
	@for lang in $$(grep -v '^#' po/LINGUAS); do msgmerge --quiet --update --backup=none po/$$lang.po $(POT); done

## make locale: the .mo files under .build/locale, where a checkout's build finds them.
LOCALE_DIR := .build/locale
locale:
	@for lang in $$(grep -v '^#' po/LINGUAS); do \
	  mkdir -p $(LOCALE_DIR)/$$lang/LC_MESSAGES && \
	  msgfmt --check -o $(LOCALE_DIR)/$$lang/LC_MESSAGES/github-finder.mo po/$$lang.po || exit 1; \
	done

## make test: every test — Swift Testing + XCTest (GTK in-process, under Xvfb), the end-to-end
## accessibility test against the real binary, and the desktop file / AppStream validators.
test: test-deps locale
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory test-swift test-e2e validate

## One test at a time: the live suites each run a GitHub double and a client with real
## timeouts, and 300 of them at once on a 2-core CI machine starve each other into timeouts.
## `swift test` alone still runs them in parallel, for a quicker local loop.
test-swift:
	scripts/with-display.sh $(SWIFT) test --skip-build --no-parallel

test-e2e:
	scripts/with-display.sh /usr/bin/python3 Tests/EndToEnd/test_end_to_end.py

validate:
	desktop-file-validate data/$(APP_ID).desktop
	appstreamcli validate --no-net data/$(APP_ID).metainfo.xml

## make run: the app against api.github.com (GITHUB_API_URL / --api-url elsewhere).
run: run-deps locale
	$(SWIFT) build --product github-finder
	$(SWIFT) build --product github-finder-favorites
	.build/debug/github-finder

## make demo: the GitHub double on 127.0.0.1:$(PORT) and the app pointed at it.
demo: run-deps locale
	$(SWIFT) build --product github-finder
	$(SWIFT) build --product github-fixture-server
	.build/debug/github-fixture-server --port $(PORT) & server=$$!; \
	trap "kill $$server" EXIT; sleep 1; \
	.build/debug/github-finder --api-url http://127.0.0.1:$(PORT)

## make bench: release builds; one JSON object per measurement on standard output; exits non-zero
## when any figure is over its budget.
bench: bench-deps locale
	@# All three with build-release.sh's flags: the libraries they share are compiled once.
	scripts/build-release.sh github-finder github-fixture-server github-finder-bench
	@# Both halves always run; the target fails if either missed a budget of DESIGN.md §6.
	status=0; .build/release/github-finder-bench || status=1; \
	scripts/with-display.sh /usr/bin/python3 scripts/bench-gui.py || status=1; \
	scripts/with-display.sh /usr/bin/python3 scripts/bench-soak.py || status=1; \
	if [ $$status -ne 0 ]; then echo "make bench: a budget was missed (see the lines above)" >&2; fi; exit $$status

## make screenshots: every state of the window, against the GitHub double, into screenshots/.
screenshots: test-deps locale
	$(SWIFT) build --product github-finder
	$(SWIFT) build --product github-fixture-server
	scripts/with-display.sh /usr/bin/python3 scripts/screenshots.py

## make install PREFIX=…: binary (UI files, CSS and images compiled in; `github-finder favorites`
## runs in it), translations, desktop file, metainfo, icons, the man page.
install: deps locale
	scripts/build-release.sh
	install -Dm755 .build/release/github-finder $(DESTDIR)$(PREFIX)/bin/github-finder
	mkdir -p $(DESTDIR)$(PREFIX)/share/locale && cp -r $(LOCALE_DIR)/. $(DESTDIR)$(PREFIX)/share/locale/
	@# The desktop file and the metainfo with every translation merged in.
	mkdir -p $(DESTDIR)$(PREFIX)/share/applications $(DESTDIR)$(PREFIX)/share/metainfo
	msgfmt --desktop -d po --template data/$(APP_ID).desktop -o $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop
	msgfmt --xml -d po --template data/$(APP_ID).metainfo.xml -o $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml
	install -Dm644 data/icons/hicolor/scalable/apps/$(APP_ID).svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg
	install -Dm644 data/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
	@# GNOME Shell's search provider, and the D-Bus service that starts the app for it with no window.
	install -Dm644 data/$(APP_ID).search-provider.ini $(DESTDIR)$(PREFIX)/share/gnome-shell/search-providers/$(APP_ID).search-provider.ini
	mkdir -p $(DESTDIR)$(PREFIX)/share/dbus-1/services
	sed 's|@bindir@|$(PREFIX)/bin|' data/$(APP_ID).service.in > $(DESTDIR)$(PREFIX)/share/dbus-1/services/$(APP_ID).service
	@# The man page, compressed (gzip -n: no name or time inside, so the same page makes the same file).
	mkdir -p $(DESTDIR)$(PREFIX)/share/man/man1
	sed -e 's|@VERSION@|$(VERSION)|g' -e 's|@PREFIX@|$(PREFIX)|g' packaging/github-finder.1.in | gzip -9n > $(DESTDIR)$(PREFIX)/share/man/man1/github-finder.1.gz

## make deb: dist/github-finder_$(VERSION)_amd64.deb from what `make install PREFIX=/usr` lays out
## (stripped; Depends from dpkg-shlibdeps), checked by lintian; prints its size budgets and fails
## when one is missed.
deb: package-deps locale
	scripts/build-deb.sh

## make package-test: the .deb installed with apt into a clean Debian 12 root (mmdebstrap), then
## used there as a user would, on X11 (Xvfb) and Wayland (headless sway), and purged (as root, or through sudo).
package-test: package-deps
	@[ -f $(DEB) ] || $(MAKE) --no-print-directory deb
	@# The GitHub double, outside the root: the debug build make test made already (no rebuild in CI).
	$(SWIFT) build --product github-fixture-server
	GHF_FIXTURE_SERVER=.build/debug/github-fixture-server scripts/package-test.sh $(DEB)

## make fixtures: regenerate data/fixtures (deterministic: the committed file should not change).
fixtures:
	python3 scripts/generate-fixture-data.py

clean:
	rm -rf .build

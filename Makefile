# Discover: the two commands of the README, and a few more.
#   make run    set up, build (release) and run on the built-in snapshot
#   make test   set up, build and run the whole test suite
.PHONY: run test deps build release clean lint format

SWIFT ?= swift

# Also: a .build made in another folder (a copied or moved checkout) is removed first, with one
# line saying so, since SwiftPM's module cache cannot be used from another path.
deps:
	@bash scripts/install-deps.sh
	@bash scripts/check-build-folder.sh

build: deps
	$(SWIFT) build

# The release binary links Swift's runtime and FoundationEssentials statically, stripped, so it runs on a Debian
# machine without the Swift toolchain (it links libncursesw and opens libxml2 and libcurl when first needed).
# The same flags whether the output is a terminal or not (SwiftPM adds -color-diagnostics on a
# terminal, and other flags recompile every module), and no `swift build` at all when nothing
# changed since the last one (scripts/build-release.sh): a second `make run` starts at once.
BIN = .build/release/discover-tui
release: deps
	@bash scripts/build-release.sh $(BIN) $(SWIFT) build -c release --static-swift-stdlib --no-color-diagnostics --product discover-tui

# `make run` starts offline on the built-in snapshot, places included (`--offline`: no network
# at all); `make run SOURCE=auto` tries the live sources first, for places too.
SOURCE ?= snapshot
run: release
	./$(BIN) $(if $(filter snapshot,$(SOURCE)),--offline,--source $(SOURCE)) $(ARGS)

# Ends with the XCTest total and `N passed, N failed` (scripts/run-tests.sh).
test: deps
	@SWIFT=$(SWIFT) bash scripts/run-tests.sh

clean:
	rm -rf .build

# The code's layout, by the toolchain's swift-format and the rules of .swift-format: `make lint`
# lists every place that differs (and fails when there is one), `make format` rewrites them.
FORMATTED = Sources Tests Package.swift
lint:
	@$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED) && echo "swift-format: no finding"

format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMATTED)

# The manual page and the completions, written by the release binary from its settings table.
GENERATED = .build/generated
.PHONY: docs install uninstall deb
docs: release
	@mkdir -p $(GENERATED)
	./$(BIN) --generate man > $(GENERATED)/discover-tui.1
	./$(BIN) --generate bash > $(GENERATED)/discover-tui.bash
	./$(BIN) --generate zsh > $(GENERATED)/_discover_tui
	./$(BIN) --generate fish > $(GENERATED)/discover-tui.fish

# `make install` (PREFIX=/usr/local, DESTDIR honoured): the stripped binary, the manual page
# and the bash, zsh and fish completions where each shell looks for them.
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
MAN1DIR = $(PREFIX)/share/man/man1
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(if $(filter /usr,$(PREFIX)),$(PREFIX)/share/zsh/vendor-completions,$(PREFIX)/share/zsh/site-functions)
FISHCOMPDIR = $(PREFIX)/share/fish/vendor_completions.d
install: docs
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR) $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 0755 -s $(BIN) $(DESTDIR)$(BINDIR)/discover-tui
	install -m 0644 $(GENERATED)/discover-tui.1 $(DESTDIR)$(MAN1DIR)/discover-tui.1
	install -m 0644 $(GENERATED)/discover-tui.bash $(DESTDIR)$(BASHCOMPDIR)/discover-tui
	install -m 0644 $(GENERATED)/_discover_tui $(DESTDIR)$(ZSHCOMPDIR)/_discover_tui
	install -m 0644 $(GENERATED)/discover-tui.fish $(DESTDIR)$(FISHCOMPDIR)/discover-tui.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/discover-tui $(DESTDIR)$(MAN1DIR)/discover-tui.1 $(DESTDIR)$(BASHCOMPDIR)/discover-tui \
	  $(DESTDIR)$(ZSHCOMPDIR)/_discover_tui $(DESTDIR)$(FISHCOMPDIR)/discover-tui.fish

# `make deb`: discover-tui_VERSION_ARCH.deb, its Depends computed by dpkg-shlibdeps.
deb: docs
	@command -v dpkg-shlibdeps >/dev/null 2>&1 || { [ "$$(id -u)" -eq 0 ] && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dpkg-dev >/dev/null; } || { echo "make deb needs dpkg-dev (dpkg-shlibdeps)" >&2; exit 1; }
	bash scripts/build-deb.sh

# The terminal-compatibility matrix (TERM x locale x size), printed as a table.
.PHONY: compat
compat: deps
	$(SWIFT) build --build-tests
	@$(SWIFT) test --skip-build --filter TerminalCompatibilityTests > .build/compat.log 2>&1; status=$$?; \
	  grep -E '^compat \|' .build/compat.log; grep -E 'error:|Executed [0-9]+ tests' .build/compat.log | tail -3; exit $$status

# The benchmark (not part of the tests): the release binary in a pseudo-terminal, with fzf
# side by side when it can be installed. `make bench ARGS=--quick` for a short run.
.PHONY: bench
bench: release
	@command -v fzf >/dev/null 2>&1 || { [ "$$(id -u)" -eq 0 ] && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fzf >/dev/null 2>&1; } || echo "fzf is not installed: no side-by-side figures"
	python3 scripts/bench.py $(ARGS)

# The embedded shows in compact form (Sources/CSnapshotData/data/shows_compact.json), written
# again from the recorded TVmaze files after they change; `make compact-snapshot ARGS=--check`
# only says whether it is up to date.
.PHONY: compact-snapshot
compact-snapshot:
	python3 scripts/compact_snapshot.py $(ARGS)

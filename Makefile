# Discover: the two commands of the README, and a few more.
#   make run    set up, build (release) and run on the built-in snapshot
#   make test   set up, build and run the whole test suite
.PHONY: run test deps build release clean

SWIFT ?= swift

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build

# The release binary links Swift's runtime and Foundation statically, so it runs on a Debian
# machine without the Swift toolchain (it needs only libncursesw, libxml2 and libcurl).
release: deps
	$(SWIFT) build -c release --static-swift-stdlib --product discover

# `make run` starts on the built-in snapshot, places included (no network at all); `make run
# SOURCE=auto` tries the live sources first, for places too.
SOURCE ?= snapshot
PLACES_SOURCE ?= $(if $(filter snapshot,$(SOURCE)),snapshot,auto)
run: release
	DISCOVER_PLACES_SOURCE=$(PLACES_SOURCE) ./.build/release/discover --source $(SOURCE) $(ARGS)

test: deps
	$(SWIFT) test

clean:
	rm -rf .build

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

# Discover: the two commands of the README, and a few more.
#   make run    set up, build (release) and run on the built-in snapshot or live data
#   make test   set up, build and run the whole test suite
.PHONY: run test deps build release clean

SWIFT ?= swift

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: release
	./.build/release/discover $(ARGS)

test: deps
	$(SWIFT) test

clean:
	rm -rf .build

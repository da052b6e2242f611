# Conveniences over scripts/ (the README's Quick start uses the scripts directly).
.PHONY: lessons test build bench repl format

lessons:
	bash scripts/lessons.sh

test:
	bash scripts/test.sh

build:
	bash scripts/deps.sh && swift build

bench:
	bash scripts/deps.sh && swift run -c release keychain-bench

repl: build
	.build/debug/keychain-sim

format:
	swift format -i -r Sources Tests Benchmarks

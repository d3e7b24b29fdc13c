# Makefile for coroner.  Plain make: `make`, `make test`, `make check`,
# `make lint`, `make install`, `make demo`, `make bench`; `make test-fast`
# for the edit-test loop.  Quiet unless V=1; warnings are errors when CI
# is set.

PREFIX	?= /usr/local
BINDIR	 = $(PREFIX)/bin
MANDIR	 = $(PREFIX)/share/man
COMPDIR	 = $(PREFIX)/share/bash-completion/completions

PKGS	 = ncursesw jansson sqlite3 libzstd zlib libarchive yaml-0.1 libcrypto
# Debian packages providing $(PKGS) and what the tests need.
DEBS	 = pkg-config libncurses-dev libjansson-dev libsqlite3-dev \
	   libzstd-dev zlib1g-dev libarchive-dev libyaml-dev libssl-dev tmux \
	   sqlite3 jq \
	   zstd time \
	   tzdata groff-base man-db clickhouse-server clickhouse-client

CC	?= cc
OPT	?= -O3
# Link-time optimization: the small functions the import calls for every
# line (the tokenizer's, the pipeline's, the tally's) inline across
# files; -O3 and it together took a tenth off the import (README, Speed).
LTO	?= -flto=auto
WARN	 = -Wall -Wextra -Wshadow -Wpointer-arith -Wstrict-prototypes \
	   -Wmissing-prototypes -Wformat=2 -Wundef -Wcast-qual -Wvla \
	   -Wno-unused-parameter
ifneq ($(CI),)
WARN	+= -Werror
endif
# On a fresh machine, install what is missing before asking pkg-config.
ifeq ($(filter clean deps lint uninstall,$(MAKECMDGOALS)),)
ifneq ($(shell sh tests/deps.sh --check $(PKGS) >/dev/null 2>&1 && echo ok),ok)
$(info coroner: installing missing packages (tests/deps.sh))
DEPS_STATUS := $(shell sh tests/deps.sh $(DEBS) >&2; echo $$?)
endif
endif
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# libarchive is loaded when an input needs it (src/arlib.c), not linked;
# the unit tests, which write archives with it, link it
PKG_LIBS   := $(shell pkg-config --libs $(filter-out libarchive,$(PKGS)) \
	      2>/dev/null)
ARCHIVE_LIBS := $(shell pkg-config --libs libarchive 2>/dev/null)
ALL_CFLAGS = -std=c17 $(OPT) $(LTO) -g $(WARN) -D_GNU_SOURCE -Iinclude \
	     $(PKG_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = $(OPT) $(LTO) $(LDFLAGS)
LIBS	 = $(PKG_LIBS) -lm -lpthread

# Sanitizer build for `make check`: separate object directory.
ifeq ($(SAN),1)
LTO	 =
ALL_CFLAGS += -O1 -fsanitize=address,undefined -fno-omit-frame-pointer \
	      -fno-sanitize-recover=undefined
ALL_LDFLAGS += -fsanitize=address,undefined
O	 = build/san
else
O	 = build/obj
endif

SRCS	 = $(wildcard src/*.c) $(wildcard src/tui/*.c) $(wildcard importers/*.c)
LIBOBJS	 = $(patsubst %.c,$(O)/%.o,$(filter-out src/main.c,$(SRCS)))
MAINOBJ	 = $(O)/src/main.o
UNITSRCS = $(wildcard tests/unit/*.c)
UNITOBJS = $(patsubst %.c,$(O)/%.o,$(UNITSRCS))
DUMPOBJ	 = $(O)/tests/importers/dump.o

ifeq ($(SAN),1)
BIN	 = build/coroner-san
UNIT	 = build/unit-san
DUMP	 = build/dump-san
else
BIN	 = coroner
UNIT	 = build/unit
DUMP	 = build/dump
endif

ifeq ($(V),1)
Q	 =
else
Q	 = @
endif

all: $(BIN)

$(BIN): $(LIBOBJS) $(MAINOBJ)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LIBS)

$(UNIT): $(LIBOBJS) $(UNITOBJS)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LIBS) $(ARCHIVE_LIBS)

$(DUMP): $(LIBOBJS) $(DUMPOBJ)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LIBS)

$(O)/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit -MMD -MP -c -o $@ $<

-include $(LIBOBJS:.o=.d) $(MAINOBJ:.o=.d) $(UNITOBJS:.o=.d) $(DUMPOBJ:.o=.d)

# `make deps` installs the Debian packages that are missing (as root), or
# prints the command.  Any other goal runs it first when a library or a
# test tool is missing, so a fresh machine needs nothing but `make`.
deps:
	@sh tests/deps.sh $(DEBS)

# The suites run TEST_JOBS at a time (default: the number of cores; 1
# runs them one by one), each one's output printed whole when it ends.
# `make test-fast` leaves out the slowest suites (tests/run.sh names them
# and the line before the total says so); `make test` runs every one.
# TEST_SUITES="tui cli" runs only those (with make test or make check).
test:
	$(Q)$(MAKE) --no-print-directory $(BIN) $(UNIT) $(DUMP)
	$(Q)sh tests/run.sh $(BIN) $(UNIT) $(DUMP)

test-fast:
	$(Q)$(MAKE) --no-print-directory $(BIN) $(UNIT) $(DUMP)
	$(Q)TEST_FAST=1 sh tests/run.sh $(BIN) $(UNIT) $(DUMP)

check:
	$(Q)$(MAKE) --no-print-directory SAN=1 build/coroner-san \
	    build/unit-san build/dump-san
	$(Q)ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	    sh tests/run.sh build/coroner-san build/unit-san build/dump-san

lint:
	$(Q)sh tests/lint.sh

# `make bench` (the README, Speed): builds coroner and the input generators
# (with the same flags), then runs tests/bench/run.sh (which runs k8s.sh and
# analysis.sh) on files in a temporary directory removed at the end.  It
# measures and prints one table; it never fails the build.  `make bench
# BASE=REV` builds commit REV there too (tests/bench/base.sh) and times it
# beside today's build on the same lines: the regression rows.
bench:
	$(Q)$(MAKE) --no-print-directory $(BIN) || \
	    echo "bench: coroner did not build; its rows will say so"
	$(Q)mkdir -p build && rm -f build/gen-nginx && \
	    $(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o build/gen-nginx \
	    tests/bench/gen-nginx.c || echo "bench: gen-nginx did not build"
	$(Q)rm -f build/gen-big && $(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) \
	    -o build/gen-big tests/bench/gen-big.c || \
	    echo "bench: gen-big did not build"
	$(Q)rm -f build/gen-k8s && $(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) \
	    -o build/gen-k8s tests/bench/gen-k8s.c || \
	    echo "bench: gen-k8s did not build"
	$(Q)d=$$(mktemp -d /tmp/coroner-bench.XXXXXX) || exit 0; \
	    trap 'rm -rf "$$d"' EXIT; trap 'exit 0' INT TERM; base=""; \
	    if [ -n "$(BASE)" ] && sh tests/bench/base.sh "$(BASE)" \
	    "$$d/base"; then base=$$d/base/coroner; fi; \
	    BENCH_BASE=$$base BENCH_BASE_REV="$(BASE)" \
	    sh tests/bench/run.sh ./$(BIN) build/gen-nginx "$$d" || true

# make demo: the sample incident samples/grace-budget (samples/README.md)
# imported as one directory (its two record sets with --records),
# analysed and written up as HTML, then the TUI on the same database when
# make runs on a terminal.
S	 = samples/grace-budget
demo: $(BIN)
	$(Q)rm -f build/demo.db build/demo.db-journal build/demo.db-wal \
	    build/demo.db-shm
	$(Q)./$(BIN) import -q --db build/demo.db $(S)
	$(Q)./$(BIN) import -q --db build/demo.db --records courier \
	    --key parcel_id --time scanned_at $(S)/courier.csv.zst
	$(Q)./$(BIN) import -q --db build/demo.db --records ours \
	    --key return.id --time accepted_at $(S)/ours.ndjson.zst
	$(Q)./$(BIN) analyze --db build/demo.db --reconcile courier:ours
	$(Q)./$(BIN) report --db build/demo.db --format html -o build/demo.html
	@echo
	@echo "The report: build/demo.html.  The other samples:" \
	    "samples/README.md"
	$(Q)if [ -t 0 ] && [ -t 1 ]; then \
	    ./$(BIN) tui --db build/demo.db; \
	else \
	    echo "Not on a terminal; the TUI: ./coroner tui --db build/demo.db"; \
	fi

# make fuzz: each importer under libFuzzer with ASan and UBSan, one run of
# FUZZ_SECONDS per importer, seeded with the golden inputs (clang and its
# libFuzzer runtime needed).  An input taking over 20 s is a hang, and
# fails like a crash.  Ends with "fuzz: N passed, N failed"; the input
# of a crash is left in build/fuzz-crash-IMPORTER-*.
FUZZ_SECONDS ?= 60
FUZZ_IMPORTERS = k8s-events k8s-pods k8s-workloads k8s-endpointslices \
	   k8s-nodes deploys container-log ingress-nginx envoy alb gclb records \
	   k8s-audit cloud-logging cloudwatch-logs
FUZZSRCS = src/util.c src/out.c $(wildcard src/source*.c) src/arlib.c \
	   src/timefmt.c src/zone.c src/record.c \
	   $(wildcard importers/*.c)
fuzz:
	$(Q)command -v clang >/dev/null || { echo "fuzz: clang needed"; exit 1; }
	$(Q)mkdir -p build/fuzz-seeds
	$(Q)clang -g -O1 -fsanitize=fuzzer,address,undefined \
	    -fno-sanitize-recover=undefined -D_GNU_SOURCE \
	    -Iinclude $(PKG_CFLAGS) -o build/fuzz-import \
	    tests/fuzz/fuzz-import.c $(FUZZSRCS) $(PKG_LIBS) -lm
	$(Q)i=0; for f in tests/importers/*/*/input*; do i=$$((i + 1)); \
	    head -c 20000 "$$f" >build/fuzz-seeds/seed$$i; done
	$(Q)p=0; f=0; for imp in $(FUZZ_IMPORTERS); do \
	    mkdir -p build/fuzz-corpus/$$imp; \
	    if FUZZ_IMPORTER=$$imp build/fuzz-import \
	        -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
	        -rss_limit_mb=1024 -timeout=20 -print_final_stats=0 \
	        -artifact_prefix=build/fuzz-crash-$$imp- \
	        build/fuzz-corpus/$$imp build/fuzz-seeds \
	        >build/fuzz-$$imp.log 2>&1; then \
	        p=$$((p + 1)); echo "fuzz $$imp: clean"; \
	    else f=$$((f + 1)); echo "FAIL fuzz $$imp: see build/fuzz-$$imp.log"; \
	        grep -m 5 -E 'ERROR|SUMMARY|runtime error' build/fuzz-$$imp.log; \
	    fi; done; echo "fuzz: $$p passed, $$f failed"; [ $$f -eq 0 ]

# make install: the binary, the manual (coroner.1) and the bash completion
# (completion/coroner.bash) under $(DESTDIR)$(PREFIX); make uninstall
# removes the three.
install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(COMPDIR)
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/coroner
	install -m 644 coroner.1 $(DESTDIR)$(MANDIR)/man1/coroner.1
	install -m 644 completion/coroner.bash $(DESTDIR)$(COMPDIR)/coroner

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/coroner $(DESTDIR)$(MANDIR)/man1/coroner.1 \
	    $(DESTDIR)$(COMPDIR)/coroner

clean:
	rm -rf build coroner

.PHONY: all deps demo fuzz test test-fast check lint bench install uninstall clean

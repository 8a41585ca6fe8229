# sudokud -- one non-recursive Makefile.
#
# Every variant (plain, ASan+UBSan, TSan, fuzz) is the same set of rules
# instantiated by the `variant` template below into its own folder, so one
# `make test` builds the sanitizer variants side by side without recursion.
#
#   make                        build/sudokud and build/sudoku
#   make SANITIZER=address,undefined   the same in build/asan
#   make SANITIZER=thread       the same in build/tsan
#   make run | test | bench | fuzz | fmt | fmt-check | install | clean
#   make install                the binaries and man pages under $(DESTDIR)$(PREFIX)
#   make test-browser           the page in headless chromium (tests/browser/), then Lighthouse
#   make test-lighthouse        Lighthouse alone: mobile and desktop scores of the served page
#                               (performance printed; `make bench` gates it, bench/lighthouse.sh)
#   make screenshots            that suite, saving docs/page-desktop.png and docs/page-phone.png

CC      ?= cc
FUZZ_CC ?= clang
AR      ?= ar
PREFIX  ?= /usr/local
DESTDIR ?=
CFLAGS  ?= -O2 -g
LDFLAGS ?=

# The solver's instruction set (solver/fast9.c, f9_dirty): SSE4.2 and POPCNT
# on x86_64, NEON (part of every armv8-a) on arm64, plain C elsewhere or
# with ARCH_FLAGS=-DSDK_PORTABLE. -DSDK_PORTABLE also drops the scanner's
# AVX2 kernels (scan/classify.c), which x86_64 otherwise picks at run time.
MACHINE := $(shell $(CC) -dumpmachine)
ifneq ($(filter x86_64-%,$(MACHINE)),)
ARCH_FLAGS := -msse4.2 -mpopcnt
else ifneq ($(filter aarch64-%,$(MACHINE)),)
ARCH_FLAGS := -march=armv8-a
endif

WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
        -Wformat=2 -Wvla -Wpointer-arith -Wundef -Wcast-qual -Wwrite-strings
BASE_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(ARCH_FLAGS) $(CFLAGS) -MMD -MP -I.

ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
TSAN_FLAGS := -fsanitize=thread -fno-omit-frame-pointer
FUZZ_FLAGS := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
              -fno-omit-frame-pointer -DSUDOKU_FUZZING

SERVER_LIBS := -lmicrohttpd -lcjson -pthread
TEST_LIBS   := $(SERVER_LIBS) -lcriterion -lcurl

SOLVER_SRC := $(wildcard solver/*.c solver/logic/*.c solver/constraints/*.c)
# The photo scanner (scan/scan.h): libc, Leptonica and libsudoku; its model
# files (scan/model/*.bin) are embedded by scripts/embed-model.sh.
SCAN_MODELS := $(sort $(wildcard scan/model/*.bin))
SCAN_SRC   := $(wildcard scan/*.c) $(if $(SCAN_MODELS),build/gen/scan_model.c)
SCAN_LIBS  := -lleptonica -lm
# Variants built without Leptonica: their CLI has no `scan` (-DCLI_NO_SCAN).
NO_SCAN    := build/arm64 build/arm64-plain
# The JSON writers and what they use, libc only: the CLI's --json links them
# without libmicrohttpd or cJSON (build/libwriters.a).
WRITERS_SRC := $(wildcard writers/*.c)
# The puzzle file formats (formats/formats.h): libsudoku, libwriters and, for
# the f-puzzles JSON object, cJSON, which the CLI then links too; the
# variants without it (NO_SCAN: cross builds) read no f-puzzles JSON.
FORMATS_SRC := $(wildcard formats/*.c)
SERVER_SRC := $(filter-out server/main.c,$(wildcard server/*.c)) build/gen/assets.c
# Files sudokud serves, embedded at build time (server/assets.h).
ASSETS     := $(sort $(wildcard web/*)) openapi.yaml
# The CLI but its main() is build/libcli.a, which the unit tests link to run it in-process.
CLI_SRC    := $(filter-out cli/main.c,$(wildcard cli/*.c))
SUPPORT_SRC := $(wildcard tests/support/*.c)
UNIT_SRC   := $(wildcard tests/unit_*.c)
HTTP_SRC   := $(wildcard tests/http_*.c)
FUZZ_SRC   := $(wildcard fuzz/fuzz_*.c)

objs = $(addprefix $(1)/obj/,$(addsuffix .o,$(basename $(2))))

# $(call variant,DIR,COMPILER,FLAGS-VARIABLE)
define variant
$(1)/obj/%.o: %.c
	@mkdir -p $$(@D)
	$(2) $$(BASE_CFLAGS) $$($(3)) -c $$< -o $$@
$(1)/libsudoku.a: $(call objs,$(1),$(SOLVER_SRC))
	rm -f $$@ && $$(AR) rcs $$@ $$^
$(1)/libwriters.a: $(call objs,$(1),$(WRITERS_SRC))
	rm -f $$@ && $$(AR) rcs $$@ $$^
$(1)/libformats.a: $(call objs,$(1),$(FORMATS_SRC))
	rm -f $$@ && $$(AR) rcs $$@ $$^
$(1)/libscan.a: $(call objs,$(1),$(SCAN_SRC))
	rm -f $$@ && $$(AR) rcs $$@ $$^
$(1)/scan-dump: $(1)/obj/scan/tools/dump.o $(1)/libscan.a $(1)/libsudoku.a
	$(2) $$($(3)) $$(LDFLAGS) -o $$@ $$^ $$(SCAN_LIBS)
$(1)/libserver.a: $(call objs,$(1),$(SERVER_SRC))
	rm -f $$@ && $$(AR) rcs $$@ $$^
$(1)/sudokud: $(1)/obj/server/main.o $(1)/libserver.a $(1)/libformats.a $(1)/libwriters.a \
              $(1)/libscan.a $(1)/libsudoku.a
	$(2) $$($(3)) $$(LDFLAGS) -o $$@ $$^ $$(SERVER_LIBS) $$(SCAN_LIBS)
$(1)/libcli.a: $(call objs,$(1),$(CLI_SRC))
	rm -f $$@ && $$(AR) rcs $$@ $$^
$(1)/sudoku: $(1)/obj/cli/main.o $(1)/libcli.a $(1)/libformats.a $(1)/libwriters.a \
             $(if $(filter $(1),$(NO_SCAN)),,$(1)/libscan.a) $(1)/libsudoku.a
	$(2) $$($(3)) $$(LDFLAGS) -o $$@ $$^ $(if $(filter $(1),$(NO_SCAN)),,$$(SCAN_LIBS) -lcjson) -pthread
$(1)/tests/unit: $(call objs,$(1),$(UNIT_SRC) $(SUPPORT_SRC)) $(1)/libcli.a $(1)/libserver.a \
                 $(1)/libformats.a $(1)/libwriters.a $(1)/libscan.a \
                 $(1)/libsudoku.a
	@mkdir -p $$(@D)
	$(2) $$($(3)) $$(LDFLAGS) -o $$@ $$^ $$(TEST_LIBS) $$(SCAN_LIBS)
$(1)/tests/http: $(call objs,$(1),$(HTTP_SRC) $(SUPPORT_SRC)) $(1)/libserver.a \
                 $(1)/libformats.a $(1)/libwriters.a $(1)/libscan.a $(1)/libsudoku.a
	@mkdir -p $$(@D)
	$(2) $$($(3)) $$(LDFLAGS) -o $$@ $$^ $$(TEST_LIBS) $$(SCAN_LIBS)
endef

$(eval $(call variant,build,$(CC),NO_FLAGS))
$(eval $(call variant,build/asan,$(CC),ASAN_FLAGS))
$(eval $(call variant,build/tsan,$(CC),TSAN_FLAGS))
$(eval $(call variant,build/fuzz,$(FUZZ_CC),FUZZ_FLAGS))

ifeq ($(SANITIZER),)
OUT := build
else ifeq ($(SANITIZER),thread)
OUT := build/tsan
else ifeq ($(SANITIZER),address,undefined)
OUT := build/asan
else
$(error SANITIZER must be empty, address,undefined or thread)
endif

FUZZERS := $(patsubst fuzz/%.c,build/fuzz/%,$(FUZZ_SRC))
# Pixel loops compare pixel values and coordinates against fixed bounds, so
# comparison tracing there teaches the fuzzer nothing: without it fuzz_scan
# ran twenty times and fuzz_scan_locate three times faster. The network's
# memory accesses do not depend on its input at all (fixed shapes), so in the
# fuzzers it runs uninstrumented, 2.5 times faster again; the unit tests run
# it under ASan and UBSan (build/asan).
SCAN_PIXEL_OBJS := $(addprefix build/fuzz/obj/scan/,classify.o grid.o lattice.o cells.o)
$(SCAN_PIXEL_OBJS): FUZZ_FLAGS += -fno-sanitize-coverage=trace-cmp
build/fuzz/obj/scan/classify.o: FUZZ_FLAGS += -fno-sanitize=fuzzer-no-link,address,undefined
build/fuzz/fuzz_%: build/fuzz/obj/fuzz/fuzz_%.o build/fuzz/libserver.a build/fuzz/libformats.a \
                   build/fuzz/libwriters.a build/fuzz/libscan.a build/fuzz/libsudoku.a
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ $^ $(SERVER_LIBS) $(SCAN_LIBS)

# bench/scan.sh's timing of the network at each vector width.
build/bench-classify: build/obj/bench/classify.o build/libscan.a build/libsudoku.a
	$(CC) $(LDFLAGS) -o $@ $^ $(SCAN_LIBS)

# bench/vs-sigh.sh: variant puzzles of our own (bench/variant_gen.c, with the tests' drawing
# of constraints) and the engine's time on them (bench/variant_bench.c).
VARIANT_SUPPORT := build/obj/tests/support/variant_draw.o build/obj/tests/support/variant_text.o
build/variant-gen: build/obj/bench/variant_gen.o $(VARIANT_SUPPORT) build/libsudoku.a
	$(CC) $(LDFLAGS) -o $@ $^
build/variant-bench: build/obj/bench/variant_bench.o build/obj/tests/support/variant_text.o \
                     build/libsudoku.a
	$(CC) $(LDFLAGS) -o $@ $^

build/gen/assets.c: scripts/embed.sh $(ASSETS)
	@mkdir -p $(@D)
	scripts/embed.sh $@ $(ASSETS)

build/gen/scan_model.c: scripts/embed-model.sh $(SCAN_MODELS)
	@mkdir -p $(@D)
	scripts/embed-model.sh $@ $(SCAN_MODELS)

.DEFAULT_GOAL := all
# Keep chained objects (the fuzzers'): no rebuilds, no `rm` lines after the test summary.
.SECONDARY:
.PHONY: all deps run test bench fuzz fmt fmt-check install clean \
        test-unit test-http test-tsan test-openapi test-docs test-deploy test-fuzz \
        test-arm64 test-k8s test-container test-image-arm64 test-browser test-lighthouse screenshots

all: $(OUT)/sudokud $(OUT)/sudoku

deps:
	@scripts/deps.sh build

run: deps
	@$(MAKE) --no-print-directory all
	$(OUT)/sudokud

# Sanitizer runs abort on the first error and make a leak fail the exit code.
SAN_ENV := ASAN_OPTIONS=abort_on_error=0:detect_leaks=1:exitcode=23 \
           UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
           TSAN_OPTIONS=halt_on_error=1:exitcode=66

# `make test` is what CI runs: deps first, then every program the suites run, built on every
# core at once (the seven builds are independent), then every suite, one at a time; any failure
# stops it non-zero. The Criterion suites come last, so the output ends with their summary lines.
NPROC := $(shell nproc 2>/dev/null || echo 2)
TEST_PROGRAMS := build/sudoku build/sudokud build/bench-classify build/variant-gen \
                 build/variant-bench $(FUZZERS) \
                 build/asan/tests/unit build/asan/tests/http build/asan/sudokud \
                 build/tsan/tests/unit build/tsan/tests/http build/tsan/sudokud \
                 build/arm64/tests/solver build/arm64/sudoku build/arm64-plain/tests/solver
test:
	@scripts/deps.sh test
	@$(MAKE) --no-print-directory -j$(NPROC) $(TEST_PROGRAMS)
	@$(MAKE) --no-print-directory test-openapi test-docs test-fuzz test-deploy test-browser \
	    test-arm64 test-k8s test-container test-unit test-http test-tsan

# The benches' programs are built, not run, so their C cannot rot unseen.
test-unit: build/asan/tests/unit build/bench-classify build/variant-gen build/variant-bench
	$(SAN_ENV) build/asan/tests/unit

test-http: build/asan/tests/http build/asan/sudokud
	$(SAN_ENV) SUDOKUD_BIN=build/asan/sudokud build/asan/tests/http

test-tsan: build/tsan/tests/unit build/tsan/tests/http build/tsan/sudokud
	$(SAN_ENV) build/tsan/tests/unit --filter 'pool/*'
	$(SAN_ENV) build/tsan/tests/unit --filter 'scan_classify/threads_*'
	$(SAN_ENV) build/tsan/tests/unit --filter 'progress/*'
	$(SAN_ENV) SUDOKUD_BIN=build/tsan/sudokud build/tsan/tests/http

test-openapi:
	scripts/openapi-lint.sh

# The documents against the programs: man/sudoku.1 and man/sudokud.8 (nroff -man -ww without
# warnings, the options --help names, installed by `make install`), and the README's command-line
# examples run as pasted.
test-docs: build/sudoku build/sudokud
	tests/docs/man.sh build/sudoku build/sudokud
	tests/docs/readme.sh

test-deploy: build/sudokud
	tests/deploy/test.sh build/sudokud

# The page in Debian's chromium, driven by playwright-core, against a real build/sudokud on a
# loopback port (tests/browser/run.mjs; `make test-browser NAME=16x16` runs the matching cases,
# and no Lighthouse). Lighthouse 12.2.3 then scores the page (tests/browser/lighthouse.mjs,
# about 25 s): accessibility, best practices and SEO 100 and CLS < 0.02 are gated; performance
# is printed, not gated (timed, it follows the machine's load): bench/lighthouse.sh gates it.
test-browser: build/sudokud
	@scripts/deps.sh browser
	SUDOKUD_BIN=build/sudokud node tests/browser/run.mjs '$(NAME)'
	@if [ -z '$(NAME)' ]; then $(MAKE) --no-print-directory test-lighthouse; fi

test-lighthouse: build/sudokud
	@scripts/deps.sh browser
	SUDOKUD_BIN=build/sudokud node tests/browser/lighthouse.mjs

screenshots: build/sudokud
	@scripts/deps.sh browser
	SUDOKUD_BIN=build/sudokud SCREENSHOTS=docs node tests/browser/run.mjs '^(screenshot|phone)'

FUZZ_SECONDS ?= 10
test-fuzz: $(FUZZERS)
	FUZZ_JOBS=$(NPROC) scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZERS)

fuzz: $(FUZZERS)
	scripts/fuzz.sh $${FUZZ_TIME:-600} $(FUZZERS)

bench: all build/scan-dump build/bench-classify
	@scripts/deps.sh bench
	bench/solver.sh build/sudoku
	bench/generate.sh build/sudoku
	bench/logic.sh build/sudoku
	bench/agreement.sh build/sudoku
	bench/http.sh build/sudokud build/sudoku
	bench/floor.sh
	bench/scan.sh build/sudoku build/bench-classify
	@scripts/deps.sh browser
	bench/lighthouse.sh build/sudokud

FMT_FILES = $(wildcard solver/*.[ch] solver/logic/*.[ch] solver/constraints/*.[ch] server/*.[ch] writers/*.[ch] formats/*.[ch] cli/*.[ch] tests/*.[ch] tests/support/*.[ch] fuzz/*.[ch]) \
            $(wildcard scan/*.[ch] scan/tools/*.c bench/variant_*.c) \
            $(wildcard tests/cross/*.[ch] tests/cross/criterion/*.h)
fmt:
	clang-format -i $(FMT_FILES)

fmt-check:
	clang-format --dry-run --Werror $(FMT_FILES)

install: build/sudokud build/sudoku
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	    $(DESTDIR)$(PREFIX)/share/man/man8
	install -m 0755 build/sudokud build/sudoku $(DESTDIR)$(PREFIX)/bin/
	install -m 0644 man/sudoku.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 0644 man/sudokud.8 $(DESTDIR)$(PREFIX)/share/man/man8/

clean:
	rm -rf build

# ---- deployment: arm64, Kubernetes manifests, the container (issue 13) ------
#
# arm64: the solver, its unit tests and the CLI cross-built with Debian's
# gcc-aarch64-linux-gnu (static, so qemu-user needs no arm64 libraries) and
# run under qemu-aarch64-static. The unit tests build against a libc-only
# stand-in for Criterion (tests/cross/), as Criterion is not cross-installed.
# build/arm64-plain is the same with the plain-C path (-DSDK_PORTABLE).
CROSS_ARM64 ?= aarch64-linux-gnu-
# The solver's unit tests, found rather than listed so that a new one runs on arm64 too: every
# tests/unit_*.c that includes no server/, cli/, fuzz/, scan/ or writers/ header, nor a
# tests/support/ header that does (those need libraries that are not cross-built, Leptonica
# among them), and declares plain Test()s only, no TestSuite and no test options (what the
# stand-in tests/cross/criterion/criterion.h supports; it leaves out the long generator and
# logic replays, too slow under qemu), with the tests/support/ sources of the headers they
# include.
ARM64_NOT_CROSS := \(server\|cli\|fuzz\|scan\|writers\|formats\)/
ARM64_HOST_SUPPORT := $(shell grep -l '^\#include "$(ARM64_NOT_CROSS)' tests/support/*.h)
ARM64_UNIT_SRC := $(shell grep -L '^\#include "\($(ARM64_NOT_CROSS)$(foreach h,$(ARM64_HOST_SUPPORT),\|$(h))\)' \
                          $(UNIT_SRC) | xargs grep -L '^TestSuite\|^Test([^,]*,[^,)]*,')
ARM64_SUPPORT_SRC := $(wildcard $(patsubst %.h,%.c,$(sort $(shell \
    sed -n 's/^\#include "\(tests\/support\/[a-z0-9_]*\.h\)".*/\1/p' $(ARM64_UNIT_SRC)))))
ARM64_TEST_SRC := $(ARM64_UNIT_SRC) $(ARM64_SUPPORT_SRC) tests/cross/runner.c
# The arm64 CLI is built without `scan` (cli/scan_cmd.c), as it has no Leptonica.
ARM64_FLAGS := -Itests/cross -DCLI_NO_SCAN -DFMT_NO_CJSON
build/arm64/%: ARCH_FLAGS := -march=armv8-a
build/arm64-plain/%: ARCH_FLAGS := -march=armv8-a -DSDK_PORTABLE
build/arm64/% build/arm64-plain/%: AR := $(CROSS_ARM64)ar
build/arm64/% build/arm64-plain/%: LDFLAGS := -static
$(eval $(call variant,build/arm64,$(CROSS_ARM64)gcc,ARM64_FLAGS))
$(eval $(call variant,build/arm64-plain,$(CROSS_ARM64)gcc,ARM64_FLAGS))
build/arm64/tests/solver build/arm64-plain/tests/solver: build/%/tests/solver: \
        $(call objs,build/%,$(ARM64_TEST_SRC)) build/%/libsudoku.a
	@mkdir -p $(@D)
	$(CROSS_ARM64)gcc $(LDFLAGS) -o $@ $^ -pthread

test-arm64: build/arm64/tests/solver build/arm64/sudoku build/arm64-plain/tests/solver build/sudoku
	tests/cross/arm64.sh build/arm64 build/arm64-plain

# Kubernetes: deploy/k8s/*.yaml against the 1.33 schemas (kubernetes-models).
test-k8s:
	tests/k8s/validate.sh

# The image built from the Dockerfile with podman, run and checked; then
# the compose stack (scripts/deps.sh test installs podman and the rest).
test-container:
	tests/container/test.sh

# Not in `test`: the Dockerfile built for arm64 and run, all under qemu-user
# emulation (about 10 minutes from nothing).
test-image-arm64:
	tests/container/arm64-image.sh

# Dependency files only: build/container holds root filesystems, whose etc/*.d are directories.
-include $(shell find build -path build/container -prune -o -name '*.d' -type f -print 2>/dev/null)

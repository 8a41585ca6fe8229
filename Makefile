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

CC      ?= cc
FUZZ_CC ?= clang
AR      ?= ar
PREFIX  ?= /usr/local
DESTDIR ?=
CFLAGS  ?= -O2 -g
LDFLAGS ?=

ifneq ($(filter x86_64-%,$(shell $(CC) -dumpmachine)),)
ARCH_FLAGS := -msse4.2 -mpopcnt
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

SOLVER_SRC := $(wildcard solver/*.c solver/logic/*.c)
SERVER_SRC := $(filter-out server/main.c,$(wildcard server/*.c)) server/openapi_embed.S
CLI_SRC    := $(wildcard cli/*.c)
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
$(1)/obj/%.o: %.S openapi.yaml
	@mkdir -p $$(@D)
	$(2) $$($(3)) -I. -c $$< -o $$@
$(1)/libsudoku.a: $(call objs,$(1),$(SOLVER_SRC))
	$$(AR) rcs $$@ $$^
$(1)/libserver.a: $(call objs,$(1),$(SERVER_SRC))
	$$(AR) rcs $$@ $$^
$(1)/sudokud: $(1)/obj/server/main.o $(1)/libserver.a $(1)/libsudoku.a
	$(2) $$($(3)) $$(LDFLAGS) -o $$@ $$^ $$(SERVER_LIBS)
$(1)/sudoku: $(call objs,$(1),$(CLI_SRC)) $(1)/libserver.a $(1)/libsudoku.a
	$(2) $$($(3)) $$(LDFLAGS) -o $$@ $$^ -pthread
$(1)/tests/unit: $(call objs,$(1),$(UNIT_SRC) $(SUPPORT_SRC)) $(1)/libserver.a $(1)/libsudoku.a
	@mkdir -p $$(@D)
	$(2) $$($(3)) $$(LDFLAGS) -o $$@ $$^ $$(TEST_LIBS)
$(1)/tests/http: $(call objs,$(1),$(HTTP_SRC) $(SUPPORT_SRC)) $(1)/libserver.a $(1)/libsudoku.a
	@mkdir -p $$(@D)
	$(2) $$($(3)) $$(LDFLAGS) -o $$@ $$^ $$(TEST_LIBS)
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
build/fuzz/fuzz_%: build/fuzz/obj/fuzz/fuzz_%.o build/fuzz/libserver.a build/fuzz/libsudoku.a
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ $^ $(SERVER_LIBS)

.DEFAULT_GOAL := all
# Keep chained objects (the fuzzers'): no rebuilds, no `rm` lines after the test summary.
.SECONDARY:
.PHONY: all deps run test bench fuzz fmt fmt-check install clean \
        test-unit test-http test-tsan test-openapi test-deploy test-fuzz

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

# `make test` is what CI runs: deps first, then every suite; any failure stops it non-zero.
test:
	@scripts/deps.sh test
	@$(MAKE) --no-print-directory test-openapi test-fuzz test-deploy test-unit test-http test-tsan

test-unit: build/asan/tests/unit
	$(SAN_ENV) build/asan/tests/unit

test-http: build/asan/tests/http build/asan/sudokud
	$(SAN_ENV) SUDOKUD_BIN=build/asan/sudokud build/asan/tests/http

test-tsan: build/tsan/tests/unit build/tsan/tests/http build/tsan/sudokud
	$(SAN_ENV) build/tsan/tests/unit --filter 'pool/*'
	$(SAN_ENV) SUDOKUD_BIN=build/tsan/sudokud build/tsan/tests/http

test-openapi:
	scripts/openapi-lint.sh

test-deploy: build/sudokud
	tests/deploy/test.sh build/sudokud

FUZZ_SECONDS ?= 20
test-fuzz: $(FUZZERS)
	scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZERS)

fuzz: $(FUZZERS)
	scripts/fuzz.sh $${FUZZ_TIME:-600} $(FUZZERS)

bench: all
	@scripts/deps.sh bench
	bench/solver.sh build/sudoku
	bench/http.sh build/sudokud build/sudoku

FMT_FILES = $(wildcard solver/*.[ch] solver/logic/*.[ch] server/*.[ch] cli/*.[ch] tests/*.[ch] tests/support/*.[ch] fuzz/*.[ch])
fmt:
	clang-format -i $(FMT_FILES)

fmt-check:
	clang-format --dry-run --Werror $(FMT_FILES)

install: build/sudokud build/sudoku
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 build/sudokud build/sudoku $(DESTDIR)$(PREFIX)/bin/

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)

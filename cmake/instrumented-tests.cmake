# SPDX-License-Identifier: Apache-2.0
# Instrumented builds of the C kernels, run as tests of this build (so only a test run pays for them):
#
#   asan-ubsan    the C tests (test_kernels, test_poly1305, test_capi) built with the host compiler and
#                 -fsanitize=address,undefined -fno-sanitize-recover=all: any memory error or undefined behaviour
#                 fails the test.
#   fuzz_kernels  tests/c/fuzz_kernels.c built with clang-19 -fsanitize=fuzzer,address,undefined: replays the
#                 committed corpus (tests/c/fuzz_corpus), then fuzzes for JCHACHA_FUZZ_SECONDS.
#
# Each is this source tree configured again in its own folder with JCHACHA_SUBBUILD set, then built and tested by
# cmake/run-subbuild.cmake. Without clang-19 the fuzz test is left out with a message (and fails under CI=true,
# where .ci/run installs it).
option(JCHACHA_INSTRUMENTED_TESTS "Add the asan-ubsan and fuzz_kernels tests (instrumented sub-builds)" ON)
set(JCHACHA_FUZZ_SECONDS 60 CACHE STRING "How long the fuzz_kernels test fuzzes after replaying its corpus")
set(JCHACHA_SUBBUILD "" CACHE STRING "Internal: set to asan-ubsan or fuzz in an instrumented sub-build")

set(_jc_san_flags "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g")
set(_jc_san_env "ASAN_OPTIONS=abort_on_error=1:detect_leaks=1" "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")

if(JCHACHA_SUBBUILD STREQUAL "fuzz")
  add_executable(fuzz_kernels tests/c/fuzz_kernels.c)
  target_compile_options(fuzz_kernels PRIVATE ${_jc_warn} -fsanitize=fuzzer)
  target_link_options(fuzz_kernels PRIVATE -fsanitize=fuzzer)
  target_link_libraries(fuzz_kernels PRIVATE jchacha_kernels)
  file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/fuzz-corpus)
  # New inputs go to the build folder's corpus; the committed one is read only.
  add_test(NAME fuzz_kernels COMMAND fuzz_kernels -max_total_time=${JCHACHA_FUZZ_SECONDS} -timeout=30
           -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1
           ${CMAKE_CURRENT_BINARY_DIR}/fuzz-corpus ${CMAKE_CURRENT_SOURCE_DIR}/tests/c/fuzz_corpus)
  set_tests_properties(fuzz_kernels PROPERTIES ENVIRONMENT "${_jc_san_env}" TIMEOUT 900)
elseif(JCHACHA_SUBBUILD STREQUAL "asan-ubsan")
  set_tests_properties(kernels poly1305_aead capi PROPERTIES ENVIRONMENT "${_jc_san_env}")
elseif(JCHACHA_INSTRUMENTED_TESTS AND NOT CMAKE_CROSSCOMPILING AND NOT WIN32
       AND CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")

  add_test(NAME asan-ubsan COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_CURRENT_SOURCE_DIR}
           -DBINARY_DIR=${CMAKE_CURRENT_BINARY_DIR}/asan-ubsan -DKIND=asan-ubsan
           -DC_COMPILER=${CMAKE_C_COMPILER} "-DC_FLAGS=${_jc_san_flags}"
           "-DTARGETS=test_kernels;test_poly1305;test_capi" "-DTESTS=^(kernels|poly1305_aead|capi)$"
           -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/run-subbuild.cmake)
  set_tests_properties(asan-ubsan PROPERTIES TIMEOUT 900)

  find_program(JCHACHA_CLANG19 clang-19)
  if(JCHACHA_CLANG19)
    add_test(NAME fuzz_kernels COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_CURRENT_SOURCE_DIR}
             -DBINARY_DIR=${CMAKE_CURRENT_BINARY_DIR}/fuzz -DKIND=fuzz
             -DC_COMPILER=${JCHACHA_CLANG19} "-DC_FLAGS=${_jc_san_flags} -fsanitize=fuzzer-no-link"
             -DTARGETS=fuzz_kernels "-DTESTS=^fuzz_kernels$" -DFUZZ_SECONDS=${JCHACHA_FUZZ_SECONDS}
             -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/run-subbuild.cmake)
    set_tests_properties(fuzz_kernels PROPERTIES TIMEOUT 900)
  elseif("$ENV{CI}" STREQUAL "true")
    add_test(NAME fuzz_kernels COMMAND ${CMAKE_COMMAND} "-DFAIL=clang-19 not installed (apt-get install clang-19 libclang-rt-19-dev libfuzzer-19-dev)"
             -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/run-subbuild.cmake)
  else()
    message(STATUS "jchacha: fuzz_kernels test left out: clang-19 not installed")
  endif()
endif()

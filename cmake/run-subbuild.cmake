# SPDX-License-Identifier: Apache-2.0
# cmake -DSOURCE_DIR=.. -DBINARY_DIR=.. -DKIND=asan-ubsan|fuzz -DC_COMPILER=.. -DC_FLAGS=.. -DTARGETS=a;b
#       -DTESTS=regex [-DFUZZ_SECONDS=n] -P run-subbuild.cmake
# Configures SOURCE_DIR as an instrumented sub-build (JCHACHA_SUBBUILD=KIND) in BINARY_DIR, builds TARGETS and runs
# the ctest tests matching TESTS; fails on the first step that fails. With -DFAIL=reason it only fails with it.
if(FAIL)
  message(FATAL_ERROR "${FAIL}")
endif()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${KIND}: ${what} failed (${rc})")
  endif()
endfunction()

set(extra "")
if(FUZZ_SECONDS)
  set(extra -DJCHACHA_FUZZ_SECONDS=${FUZZ_SECONDS})
endif()
run(configure ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BINARY_DIR} -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_C_COMPILER=${C_COMPILER} "-DCMAKE_C_FLAGS=${C_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${C_FLAGS}"
    -DJCHACHA_SUBBUILD=${KIND} -DJCHACHA_CROSS=OFF ${extra})
foreach(t IN LISTS TARGETS)
  list(APPEND target_args --target ${t})
endforeach()
run(build ${CMAKE_COMMAND} --build ${BINARY_DIR} --parallel 2 ${target_args})
run(ctest ${CMAKE_CTEST_COMMAND} --test-dir ${BINARY_DIR} --output-on-failure -R "${TESTS}")
if(KIND STREQUAL "fuzz")
  # what the fuzzer did: its rows, the corpus it started from, executions and speed
  file(STRINGS ${BINARY_DIR}/Testing/Temporary/LastTest.log lines REGEX "fuzz_kernels: cpu|INITED|DONE|stat::")
  foreach(line IN LISTS lines)
    message(STATUS "${line}")
  endforeach()
endif()

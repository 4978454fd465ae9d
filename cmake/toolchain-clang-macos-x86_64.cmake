# SPDX-License-Identifier: Apache-2.0
# Cross build for macOS x86_64 (10.13 and later) with clang and ld64.lld; see cmake/macos/toolchain.cmake.
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(JCHACHA_MACOS_TARGET x86_64-apple-macos10.13)
include(${CMAKE_CURRENT_LIST_DIR}/macos/toolchain.cmake)

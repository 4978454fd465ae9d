# SPDX-License-Identifier: Apache-2.0
# Cross build for macOS arm64 (11.0 and later) with clang and ld64.lld, ad-hoc signed as arm64 macOS requires;
# see cmake/macos/toolchain.cmake.
set(CMAKE_SYSTEM_PROCESSOR arm64)
set(JCHACHA_MACOS_TARGET arm64-apple-macos11.0)
include(${CMAKE_CURRENT_LIST_DIR}/macos/toolchain.cmake)
string(APPEND CMAKE_SHARED_LINKER_FLAGS_INIT " -Wl,-adhoc_codesign")

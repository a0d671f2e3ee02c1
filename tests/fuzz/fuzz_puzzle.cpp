// libFuzzer target: the puzzle reader must either accept the bytes or throw InputError; anything
// else (a crash, a sanitizer report, another exception) is a finding. See .ci/fuzz.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/errors.hpp"
#include "core/codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)hidato::parse_puzzle_collection(text, "fuzz.txt");
  } catch (const hidato::InputError&) {
  }
  return 0;
}

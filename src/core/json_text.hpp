#pragma once
// JSON text for output. A file name may hold bytes that are not UTF-8 (Linux allows any byte but
// '/' and NUL); nlohmann's dump throws on them by default, which would turn a finished run into an
// internal error. Here they become U+FFFD instead.
#include <string>

#include <nlohmann/json.hpp>

namespace hidato {

template <class Json>
std::string json_text(const Json& j, int indent = -1) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace hidato

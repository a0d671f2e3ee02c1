#pragma once
// The one YAML reader of the files a user writes (book configs, page templates): exactly one
// document, with the library's parse errors turned into our located InputError at the boundary.
// Header-only: core does not link yaml-cpp; the modules that include this do.
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "core/errors.hpp"
#include "core/text.hpp"

namespace hidato {

// YAML allows no control character but tab and line breaks, and no DEL. yaml-cpp reads some of
// them as other bytes (a NUL followed by 'b' became a backspace and a space in a title), so the
// first one is refused at its line and column before parsing (the column in bytes, as yaml-cpp
// counts its own, so both kinds of message point the same way into one file).
inline void refuse_control_characters(const std::string& text, const std::string& label) {
  std::size_t line_start = 0;
  int line = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == '\n') {
      ++line, line_start = i + 1;
    } else if ((byte < 0x20 && byte != '\t' && byte != '\r') || byte == 0x7f) {
      throw InputError(located(label, line, static_cast<int>(i - line_start) + 1,
                               "control character " + printable(text.substr(i, 1)) + " (not allowed in YAML)"));
    }
  }
}

// A second document (after '---') would otherwise be dropped without a word: refused at its line.
inline YAML::Node load_yaml_document(const std::string& text, const std::string& label) {
  refuse_control_characters(text, label);
  try {
    const std::vector<YAML::Node> docs = YAML::LoadAll(text);
    if (docs.size() > 1) {
      const YAML::Mark at = docs[1].Mark();
      throw InputError(located(label, at.is_null() ? 0 : at.line + 1, at.is_null() ? 0 : at.column + 1,
                               "a second YAML document (after '---'): the file must hold one"));
    }
    return docs.empty() ? YAML::Node() : docs.front();
  } catch (const YAML::Exception& e) {
    throw InputError(located(label, e.mark.line + 1, e.mark.column + 1, e.msg));
  }
}

}  // namespace hidato

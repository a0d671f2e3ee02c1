#pragma once
// The one YAML reader of the files a user writes (book configs, page templates): exactly one
// document, with the library's parse errors turned into our located InputError at the boundary.
// Header-only: core does not link yaml-cpp; the modules that include this do.
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "core/errors.hpp"

namespace hidato {

// A second document (after '---') would otherwise be dropped without a word: refused at its line.
inline YAML::Node load_yaml_document(const std::string& text, const std::string& label) {
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

#pragma once
// Result<T>: either a value or a Failure describing an expected outcome (not an error).
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace hidato {

struct Failure {
  std::string reason;  // short, stable, machine-readable first word: "deadline", "budget", ...
  int attempts = 0;
  // That first word: "budget" of "budget: minimality not proven (...)".
  std::string_view kind() const { return std::string_view(reason).substr(0, reason.find_first_of(" :")); }
  friend bool operator==(const Failure&, const Failure&) = default;
};

template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Failure f) : v_(std::move(f)) {}
  bool ok() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<T>(v_); }
  T& value() & { return std::get<T>(v_); }
  T&& value() && { return std::get<T>(std::move(v_)); }
  const Failure& failure() const { return std::get<Failure>(v_); }

 private:
  std::variant<T, Failure> v_;
};

}  // namespace hidato

#pragma once
// StopCheck: polled by long loops (path fills, deduction ladders); true ends the work early.
// It is the wall-clock safety net (deadline, cancel), never part of an output's recipe: work that
// was stopped is thrown away by its caller, and an empty StopCheck never stops.
#include <functional>

namespace hidato {

using StopCheck = std::function<bool()>;

}  // namespace hidato

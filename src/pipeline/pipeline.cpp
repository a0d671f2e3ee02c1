// PLACEHOLDER: the YAML -> jobs -> TBB pipeline -> manifest module.
namespace hidato {}

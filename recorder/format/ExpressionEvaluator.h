// A derived-metric formula ("L1_Data / Instructions * 1000", APerf's syntax) compiled once into a
// small postfix program, then evaluated every interval for every CPU without allocating.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::format {

class ExpressionEvaluator
{
public:
    // Maps a name in the formula to the index of its value in the array evaluate() gets, or
    // nullopt when the name is unknown (the compile then fails naming it).
    using Resolver = std::function<std::optional<std::size_t>(std::string_view name)>;

    // Grammar: sums and products of numbers (12, 0.5, 1e9, 0x10), names ([A-Za-z_][A-Za-z0-9_.]*),
    // unary minus and parentheses. Returns nullopt and sets error to a sentence naming the
    // position when the text is not a formula.
    static std::optional<ExpressionEvaluator> compile(std::string_view text, const Resolver& resolve, std::string& error);

    // NaN when any value it uses is NaN or a divisor is zero: "no instructions this interval"
    // must not show up as an infinite miss rate.
    double evaluate(std::span<const double> values) const;

    // The value indices the formula reads, in first-use order, without repeats.
    const std::vector<std::size_t>& inputs() const { return m_inputs; }
    const std::string& text() const { return m_text; }

private:
    enum class Op : std::uint8_t { Number, Value, Add, Subtract, Multiply, Divide, Negate };
    struct Instruction {
        Op op;
        std::size_t index; // Value: which value
        double number;     // Number: the constant
    };
    // Formulas nest a few levels at most; a fixed stack keeps evaluate() off the heap.
    static constexpr std::size_t kMaxStack = 32;

    friend class ExpressionParser;
    std::vector<Instruction> m_program;
    std::vector<std::size_t> m_inputs;
    std::string m_text;
};

} // namespace runlens::format

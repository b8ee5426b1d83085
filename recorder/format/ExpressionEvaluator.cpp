#include "ExpressionEvaluator.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

namespace runlens::format {

// Recursive descent over the text, emitting postfix instructions as it goes.
class ExpressionParser
{
public:
    ExpressionParser(std::string_view text, const ExpressionEvaluator::Resolver& resolve, ExpressionEvaluator& out)
        : m_text(text), m_resolve(resolve), m_out(out)
    {
    }

    bool parse(std::string& error)
    {
        if (!sum())
            return fail(error);
        skipSpaces();
        if (m_pos != m_text.size()) {
            m_error = "unexpected \"" + std::string(m_text.substr(m_pos, 1)) + "\"";
            return fail(error);
        }
        // The deepest the stack gets is bounded by the program, but check it for evaluate()'s array.
        std::size_t depth = 0;
        std::size_t maxDepth = 0;
        for (const auto& instruction : m_out.m_program) {
            using Op = ExpressionEvaluator::Op;
            if (instruction.op == Op::Number || instruction.op == Op::Value)
                ++depth;
            else if (instruction.op != Op::Negate)
                --depth;
            maxDepth = std::max(maxDepth, depth);
        }
        if (maxDepth > ExpressionEvaluator::kMaxStack) {
            m_error = "nested too deeply";
            return fail(error);
        }
        return true;
    }

private:
    using Op = ExpressionEvaluator::Op;

    bool fail(std::string& error)
    {
        error = "formula \"" + std::string(m_text) + "\": " + m_error + " at character " + std::to_string(m_pos + 1);
        return false;
    }

    void skipSpaces()
    {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos;
    }

    char peek()
    {
        skipSpaces();
        return m_pos < m_text.size() ? m_text[m_pos] : '\0';
    }

    void emit(Op op, std::size_t index = 0, double number = 0) { m_out.m_program.push_back({op, index, number}); }

    bool sum()
    {
        if (!product())
            return false;
        for (char c = peek(); c == '+' || c == '-'; c = peek()) {
            ++m_pos;
            if (!product())
                return false;
            emit(c == '+' ? Op::Add : Op::Subtract);
        }
        return true;
    }

    bool product()
    {
        if (!unary())
            return false;
        for (char c = peek(); c == '*' || c == '/'; c = peek()) {
            ++m_pos;
            if (!unary())
                return false;
            emit(c == '*' ? Op::Multiply : Op::Divide);
        }
        return true;
    }

    // The parse recurses once per "(" and unary sign: a hostile formula ("((((...") must end in an
    // error, not in a stack overflow, so the nesting is bounded while parsing.
    bool deeper()
    {
        if (++m_nesting <= ExpressionEvaluator::kMaxStack)
            return true;
        m_error = "nested too deeply";
        return false;
    }

    bool unary()
    {
        if (peek() == '-') {
            ++m_pos;
            if (!deeper() || !unary())
                return false;
            --m_nesting;
            emit(Op::Negate);
            return true;
        }
        if (peek() == '+') {
            ++m_pos;
            return unary();
        }
        return primary();
    }

    bool primary()
    {
        const char c = peek();
        if (c == '(') {
            ++m_pos;
            if (!deeper() || !sum())
                return false;
            --m_nesting;
            if (peek() != ')') {
                m_error = "missing \")\"";
                return false;
            }
            ++m_pos;
            return true;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.')
            return number();
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_')
            return name();
        m_error = c == '\0' ? std::string("a value is missing") : "unexpected \"" + std::string(1, c) + "\"";
        return false;
    }

    bool number()
    {
        const char* begin = m_text.data() + m_pos;
        const char* end = m_text.data() + m_text.size();
        if (end - begin > 2 && begin[0] == '0' && (begin[1] == 'x' || begin[1] == 'X')) {
            std::uint64_t value = 0;
            const auto [next, error] = std::from_chars(begin + 2, end, value, 16);
            if (error != std::errc()) {
                m_error = "bad hexadecimal number";
                return false;
            }
            m_pos += std::size_t(next - begin);
            emit(Op::Number, 0, double(value));
            return true;
        }
        double value = 0;
        const auto [next, error] = std::from_chars(begin, end, value);
        if (error != std::errc()) {
            m_error = "bad number";
            return false;
        }
        m_pos += std::size_t(next - begin);
        emit(Op::Number, 0, value);
        return true;
    }

    bool name()
    {
        const std::size_t start = m_pos;
        while (m_pos < m_text.size()
               && (std::isalnum(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == '_' || m_text[m_pos] == '.'))
            ++m_pos;
        const std::string_view word = m_text.substr(start, m_pos - start);
        const std::optional<std::size_t> index = m_resolve(word);
        if (!index) {
            m_pos = start;
            m_error = "unknown event or value \"" + std::string(word) + "\"";
            return false;
        }
        emit(Op::Value, *index);
        bool known = false;
        for (std::size_t input : m_out.m_inputs)
            known = known || input == *index;
        if (!known)
            m_out.m_inputs.push_back(*index);
        return true;
    }

    std::string_view m_text;
    const ExpressionEvaluator::Resolver& m_resolve;
    ExpressionEvaluator& m_out;
    std::size_t m_pos = 0;
    std::size_t m_nesting = 0;
    std::string m_error;
};

std::optional<ExpressionEvaluator> ExpressionEvaluator::compile(std::string_view text, const Resolver& resolve,
                                                                std::string& error)
{
    ExpressionEvaluator result;
    result.m_text = std::string(text);
    ExpressionParser parser(text, resolve, result);
    if (!parser.parse(error))
        return std::nullopt;
    return result;
}

double ExpressionEvaluator::evaluate(std::span<const double> values) const
{
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    std::array<double, kMaxStack> stack;
    std::size_t top = 0;
    for (const Instruction& instruction : m_program) {
        switch (instruction.op) {
        case Op::Number:
            stack[top++] = instruction.number;
            break;
        case Op::Value:
            stack[top++] = instruction.index < values.size() ? values[instruction.index] : nan;
            break;
        case Op::Negate:
            stack[top - 1] = -stack[top - 1];
            break;
        default: {
            const double right = stack[--top];
            double& left = stack[top - 1];
            if (instruction.op == Op::Add)
                left += right;
            else if (instruction.op == Op::Subtract)
                left -= right;
            else if (instruction.op == Op::Multiply)
                left *= right;
            else
                left = right == 0 ? nan : left / right;
        }
        }
    }
    return top == 1 ? stack[0] : nan;
}

} // namespace runlens::format

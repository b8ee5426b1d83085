#include "SampleChunkCodec.h"

#include "FormatError.h"

#include <bit>
#include <cstring>
#include <unordered_map>
#include <vector>

namespace runlens::format {

namespace {

constexpr char kMagic[8] = {'R', 'L', 'S', 'M', 'P', 'C', 'K', '2'};
constexpr std::size_t kFixedHeader = 8 + 4 + 1; // magic, rows, column count; then K pairs and the first quantum

enum ColumnId : std::uint8_t { Time = 0, Cpu = 1, Pid = 2, Tid = 3, Stack = 4, Count = 5, Period = 6, Task = 7 };
constexpr std::uint8_t kKnownColumns = 8;

// The previous row of each CPU. CPU ids are small on every real host; a sparse map takes the rest
// (an imported profile may carry any 32-bit number).
template<typename T>
class PerCpu
{
public:
    explicit PerCpu(T initial)
        : m_initial(initial)
    {
    }
    T& at(std::uint32_t cpu)
    {
        constexpr std::uint32_t kDense = 1u << 12;
        if (cpu < kDense) {
            if (cpu >= m_dense.size())
                m_dense.resize(std::size_t(cpu) + 1, m_initial);
            return m_dense[cpu];
        }
        return m_sparse.try_emplace(cpu, m_initial).first->second;
    }

private:
    T m_initial;
    std::vector<T> m_dense;
    std::unordered_map<std::uint32_t, T> m_sparse;
};

constexpr std::uint64_t kNothingYet = ~std::uint64_t(0);

std::uint8_t widthOf(std::uint64_t maximum)
{
    return std::uint8_t(maximum == 0 ? 1 : (std::bit_width(maximum) + 7) / 8);
}

std::uint64_t zigzag(std::int64_t value)
{
    return (std::uint64_t(value) << 1) ^ std::uint64_t(value >> 63);
}

std::int64_t unzigzag(std::uint64_t value)
{
    return std::int64_t(value >> 1) ^ -std::int64_t(value & 1);
}

void putPlanes(const std::vector<std::uint64_t>& values, std::uint8_t width, std::string& out)
{
    const std::size_t rows = values.size();
    const std::size_t at = out.size();
    out.resize(at + rows * width);
    char* planes = out.data() + at;
    for (std::uint8_t b = 0; b < width; ++b) {
        char* plane = planes + std::size_t(b) * rows;
        const unsigned shift = 8u * b;
        for (std::size_t row = 0; row < rows; ++row)
            plane[row] = char((values[row] >> shift) & 0xff);
    }
}

// A per-CPU column: 0 where the CPU's previous row had the same value.
template<typename Get>
void sameAsCpuBefore(std::span<const SampleRow> rows, std::vector<std::uint64_t>& values, Get get)
{
    PerCpu<std::uint64_t> previous(kNothingYet);
    for (std::size_t row = 0; row < rows.size(); ++row) {
        const std::uint64_t value = get(rows[row]);
        std::uint64_t& last = previous.at(rows[row].cpu);
        values[row] = value == last ? 0 : value + 1;
        last = value;
    }
}

} // namespace

void encodeSampleChunk(std::span<const SampleRow> rows, bool withPeriod, bool withTask, std::string& out)
{
    bool withCount = false;
    for (const SampleRow& row : rows)
        withCount = withCount || row.count != 1;
    std::vector<std::uint8_t> ids = {Time, Cpu, Pid, Tid, Stack};
    if (withCount)
        ids.push_back(Count);
    if (withPeriod)
        ids.push_back(Period);
    if (withTask)
        ids.push_back(Task);

    std::vector<std::uint64_t> values(rows.size());
    std::string columns;
    std::string widths;
    for (const std::uint8_t id : ids) {
        switch (id) {
        case Time: {
            std::int64_t previous = rows.empty() ? 0 : rows.front().quantum;
            for (std::size_t row = 0; row < rows.size(); ++row) {
                values[row] = std::uint64_t(rows[row].quantum) - std::uint64_t(previous);
                previous = rows[row].quantum;
            }
            break;
        }
        case Cpu: {
            std::int64_t previous = 0;
            for (std::size_t row = 0; row < rows.size(); ++row) {
                values[row] = zigzag(std::int64_t(rows[row].cpu) - previous);
                previous = rows[row].cpu;
            }
            break;
        }
        case Pid: sameAsCpuBefore(rows, values, [](const SampleRow& r) { return std::uint64_t(r.pid); }); break;
        case Tid: sameAsCpuBefore(rows, values, [](const SampleRow& r) { return std::uint64_t(r.tid); }); break;
        case Task: sameAsCpuBefore(rows, values, [](const SampleRow& r) { return std::uint64_t(r.task); }); break;
        case Stack:
            // kNoStack as 0, every id one up: the same-as-before zero then keeps stacks below 2^32.
            sameAsCpuBefore(rows, values, [](const SampleRow& r) { return r.stack == kNoStack ? 0 : std::uint64_t(r.stack) + 1; });
            break;
        case Count:
            for (std::size_t row = 0; row < rows.size(); ++row)
                values[row] = rows[row].count - 1;
            break;
        case Period: {
            // A CPU's event rate changes slowly: its next period is close to its last one.
            PerCpu<std::uint64_t> previous(0);
            for (std::size_t row = 0; row < rows.size(); ++row) {
                std::uint64_t& last = previous.at(rows[row].cpu);
                values[row] = zigzag(std::int64_t(rows[row].period - last));
                last = rows[row].period;
            }
            break;
        }
        }
        std::uint64_t maximum = 0;
        for (const std::uint64_t value : values)
            maximum = std::max(maximum, value);
        const std::uint8_t width = widthOf(maximum);
        widths.push_back(char(id));
        widths.push_back(char(width));
        putPlanes(values, width, columns);
    }

    out.append(kMagic, sizeof kMagic);
    const auto rowCount = std::uint32_t(rows.size());
    out.append(reinterpret_cast<const char*>(&rowCount), 4);
    out.push_back(char(ids.size()));
    out += widths;
    const std::int64_t firstQuantum = rows.empty() ? 0 : rows.front().quantum;
    out.append(reinterpret_cast<const char*>(&firstQuantum), 8);
    out += columns;
}

DecodedSampleChunk decodeSampleChunk(std::string_view bytes, const SampleChunkExpectation& expected, ProfileSamples& samples)
{
    const std::string& entry = expected.entry;
    const auto fail = [&entry](const std::string& why) { return FormatError(entry + " " + why); };
    if (bytes.size() < kFixedHeader || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw fail("does not start with " + std::string(kMagic, sizeof kMagic));
    std::uint32_t rows = 0;
    std::memcpy(&rows, bytes.data() + 8, 4);
    if (rows != expected.rows)
        throw fail("holds " + std::to_string(rows) + " rows but profile/profile.json says " + std::to_string(expected.rows));
    const auto columnCount = std::uint8_t(bytes[12]);
    const std::size_t header = kFixedHeader + std::size_t(columnCount) * 2 + 8;
    if (bytes.size() < header)
        throw fail("is shorter than its header (" + std::to_string(bytes.size()) + " bytes)");
    struct Column {
        std::uint8_t id;
        std::uint8_t width;
        std::size_t offset;
    };
    std::vector<Column> columns;
    bool seen[kKnownColumns] = {};
    std::uint64_t needed = header; // at most 255 columns x 8 bytes x 2^32 rows: no overflow in 64 bits
    for (std::size_t c = 0; c < columnCount; ++c) {
        const auto id = std::uint8_t(bytes[kFixedHeader + 2 * c]);
        const auto width = std::uint8_t(bytes[kFixedHeader + 2 * c + 1]);
        if (width < 1 || width > 8)
            throw fail("has column " + std::to_string(id) + " of " + std::to_string(width) + " bytes per value, not 1 to 8");
        if (id < kKnownColumns) {
            if (seen[id])
                throw fail("lists column " + std::to_string(id) + " twice");
            seen[id] = true;
        }
        columns.push_back({id, width, std::size_t(needed)});
        needed += std::uint64_t(rows) * width;
    }
    if (!seen[Time] || !seen[Cpu] || !seen[Pid] || !seen[Tid] || !seen[Stack])
        throw fail("lacks one of the columns time, cpu, pid, tid, stack");
    if (seen[Period] != expected.period || seen[Task] != expected.task)
        throw fail(std::string("has ") + (seen[Period] ? "a" : "no") + " period and " + (seen[Task] ? "a" : "no")
                   + " task column, unlike the columns profile/profile.json lists");
    if (bytes.size() != needed)
        throw fail("has " + std::to_string(bytes.size()) + " bytes, not the " + std::to_string(needed) + " its "
                   + std::to_string(rows) + " rows and columns need");
    std::int64_t quantum = 0;
    std::memcpy(&quantum, bytes.data() + header - 8, 8);

    std::vector<std::uint64_t> values(rows);
    const auto load = [&](std::uint8_t id) -> bool {
        for (const Column& column : columns) {
            if (column.id != id)
                continue;
            const char* planes = bytes.data() + column.offset;
            std::fill(values.begin(), values.end(), 0);
            for (std::uint8_t b = 0; b < column.width; ++b) {
                const unsigned char* plane = reinterpret_cast<const unsigned char*>(planes) + std::size_t(b) * rows;
                const unsigned shift = 8u * b;
                for (std::size_t row = 0; row < rows; ++row)
                    values[row] |= std::uint64_t(plane[row]) << shift;
            }
            return true;
        }
        return false;
    };

    const std::size_t before = samples.size();
    const std::int64_t limit = std::numeric_limits<std::int64_t>::max() / expected.quantumNs;
    const auto timeOf = [&](std::int64_t q, std::size_t row) {
        if (q > limit || q < -limit)
            throw fail("has a time beyond 64 bits of nanoseconds at row " + std::to_string(row));
        return q * expected.quantumNs;
    };
    load(Time);
    samples.timeNs.reserve(before + rows);
    for (std::size_t row = 0; row < rows; ++row) {
        if (values[row] > std::uint64_t(std::numeric_limits<std::int64_t>::max())
            || __builtin_add_overflow(quantum, std::int64_t(values[row]), &quantum))
            throw fail("has a time beyond 64 bits of nanoseconds at row " + std::to_string(row));
        samples.timeNs.push_back(timeOf(quantum, row));
    }
    DecodedSampleChunk decoded;
    if (rows > 0) {
        decoded.firstNs = samples.timeNs[before];
        decoded.lastNs = samples.timeNs.back();
        if (decoded.firstNs < expected.notBeforeNs)
            throw fail("starts at " + std::to_string(decoded.firstNs) + " ns, before the previous chunk ends ("
                       + std::to_string(expected.notBeforeNs) + " ns): rows out of time order");
    }

    load(Cpu);
    samples.cpu.reserve(before + rows);
    std::int64_t cpu = 0;
    for (std::size_t row = 0; row < rows; ++row) {
        const std::int64_t delta = unzigzag(values[row]);
        // cpu stays below 2^32 and cpus at most 2^32: no overflow once delta is within that.
        if (delta > std::int64_t(expected.cpus) || delta < -cpu || std::uint64_t(cpu + delta) >= expected.cpus)
            throw fail("has row " + std::to_string(row) + " on a cpu beyond the " + std::to_string(expected.cpus)
                       + " profile/profile.json declares");
        cpu += delta;
        samples.cpu.push_back(std::uint32_t(cpu));
    }

    const std::uint32_t* const cpus = samples.cpu.data() + before;
    // A per-CPU column back from "0: as before, else value + 1"; `bound` is the largest value allowed.
    // `shift`: how much the value is above the id it stands for (1 for stacks, whose 0 is kNoStack).
    const auto perCpu = [&](std::uint8_t id, std::vector<std::uint32_t>& column, std::uint64_t bound, const char* what,
                            std::uint64_t shift = 0) {
        load(id);
        column.reserve(before + rows);
        PerCpu<std::uint64_t> previous(kNothingYet);
        for (std::size_t row = 0; row < rows; ++row) {
            std::uint64_t& last = previous.at(cpus[row]);
            std::uint64_t value = values[row];
            if (value == 0) {
                if (last == kNothingYet)
                    throw fail("has row " + std::to_string(row) + " repeating the " + what + " of a cpu without an earlier row");
                value = last;
            } else {
                value -= 1;
                if (value > bound)
                    throw fail("has row " + std::to_string(row) + " with " + what + " " + std::to_string(value - shift)
                               + " beyond its range");
            }
            last = value;
            column.push_back(std::uint32_t(value));
        }
    };
    perCpu(Pid, samples.pid, 0xffffffffu, "pid");
    perCpu(Tid, samples.tid, 0xffffffffu, "tid");
    // Stored one up, kNoStack as 0: see encodeSampleChunk.
    perCpu(Stack, samples.stack, expected.stacks, "stack", 1);
    for (std::size_t row = before; row < samples.stack.size(); ++row)
        samples.stack[row] = samples.stack[row] == 0 ? kNoStack : samples.stack[row] - 1;
    if (expected.task) {
        if (expected.tasks == 0 && rows > 0)
            throw fail("has task ids but profile/profile.json lists no task");
        perCpu(Task, samples.task, expected.tasks - 1, "task");
    }

    if (load(Count)) {
        samples.count.resize(before, 1);
        for (std::size_t row = 0; row < rows; ++row) {
            if (values[row] == ~std::uint64_t(0))
                throw fail("has row " + std::to_string(row) + " standing for more than 2^64 samples");
            samples.count.push_back(values[row] + 1);
        }
    } else if (!samples.count.empty()) {
        samples.count.resize(before + rows, 1);
    }
    if (expected.period) {
        load(Period);
        samples.period.reserve(before + rows);
        PerCpu<std::uint64_t> previous(0);
        for (std::size_t row = 0; row < rows; ++row) {
            // Modulo 2^64, as written: every period comes back exactly.
            std::uint64_t& last = previous.at(cpus[row]);
            last += std::uint64_t(unzigzag(values[row]));
            samples.period.push_back(last);
        }
    }
    return decoded;
}

} // namespace runlens::format

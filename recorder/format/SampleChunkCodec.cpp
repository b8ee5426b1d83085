#include "SampleChunkCodec.h"

#include "FormatError.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <unordered_map>
#include <vector>

namespace runlens::format {

namespace {

constexpr char kMagic[8] = {'R', 'L', 'S', 'M', 'P', 'C', 'K', '2'};
constexpr std::size_t kFixedHeader = 8 + 4 + 1; // magic, rows, column count; then K pairs, the first quantum, the CPU modulus

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

void putPlanes(const std::uint64_t* values, std::size_t rows, std::uint8_t width, std::string& out)
{
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

void takePlanes(const unsigned char* planes, std::size_t rows, std::uint8_t width, std::vector<std::uint64_t>& values)
{
    values.assign(rows, 0);
    for (std::uint8_t b = 0; b < width; ++b) {
        const unsigned char* plane = planes + std::size_t(b) * rows;
        const unsigned shift = 8u * b;
        for (std::size_t row = 0; row < rows; ++row)
            values[row] |= std::uint64_t(plane[row]) << shift;
    }
}

bool perCpuColumn(std::uint8_t id)
{
    return id == Pid || id == Tid || id == Stack || id == Task;
}

// A per-CPU column: a bitmap of the rows whose value differs from the previous row of their CPU,
// then only those values. Most rows repeat their CPU's thread, so they cost one bit.
template<typename Get>
void putPerCpu(std::span<const SampleRow> rows, std::vector<std::uint64_t>& values, std::string& out, std::uint8_t& width, Get get)
{
    const std::size_t at = out.size();
    out.resize(at + (rows.size() + 7) / 8, '\0');
    PerCpu<std::uint64_t> previous(kNothingYet);
    values.clear();
    std::uint64_t maximum = 0;
    for (std::size_t row = 0; row < rows.size(); ++row) {
        const std::uint64_t value = get(rows[row]);
        std::uint64_t& last = previous.at(rows[row].cpu);
        if (value != last) {
            out[at + row / 8] = char(static_cast<unsigned char>(out[at + row / 8]) | (1u << (row % 8)));
            values.push_back(value);
            maximum = std::max(maximum, value);
        }
        last = value;
    }
    width = widthOf(maximum);
    putPlanes(values.data(), values.size(), width, out);
}

} // namespace

void encodeSampleChunk(std::span<const SampleRow> rows, bool withPeriod, bool withTask, std::string& out)
{
    bool withCount = false;
    std::uint32_t highestCpu = 0;
    for (const SampleRow& row : rows) {
        withCount = withCount || row.count != 1;
        highestCpu = std::max(highestCpu, row.cpu);
    }
    // The CPU column counts steps forward modulo the chunk's CPUs: one byte up to 256 CPUs, also
    // where a new millisecond starts over at a lower CPU.
    const std::uint64_t cpuModulus = rows.empty() ? 1 : std::uint64_t(highestCpu) + 1;
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
        std::uint8_t width = 1;
        switch (id) {
        case Pid: putPerCpu(rows, values, columns, width, [](const SampleRow& r) { return std::uint64_t(r.pid); }); break;
        case Tid: putPerCpu(rows, values, columns, width, [](const SampleRow& r) { return std::uint64_t(r.tid); }); break;
        case Task: putPerCpu(rows, values, columns, width, [](const SampleRow& r) { return std::uint64_t(r.task); }); break;
        case Stack:
            // kNoStack as 0, every id one up: stacks stay below 2^32 and narrow.
            putPerCpu(rows, values, columns, width, [](const SampleRow& r) { return r.stack == kNoStack ? 0 : std::uint64_t(r.stack) + 1; });
            break;
        default: {
            values.resize(rows.size());
            if (id == Time) {
                std::int64_t previous = rows.empty() ? 0 : rows.front().quantum;
                for (std::size_t row = 0; row < rows.size(); ++row) {
                    values[row] = std::uint64_t(rows[row].quantum) - std::uint64_t(previous);
                    previous = rows[row].quantum;
                }
            } else if (id == Cpu) {
                std::uint64_t previous = 0;
                for (std::size_t row = 0; row < rows.size(); ++row) {
                    values[row] = (rows[row].cpu + cpuModulus - previous) % cpuModulus;
                    previous = rows[row].cpu;
                }
            } else if (id == Count) {
                for (std::size_t row = 0; row < rows.size(); ++row)
                    values[row] = rows[row].count - 1;
            } else {
                // A CPU's event rate changes slowly: its next period is close to its last one.
                PerCpu<std::uint64_t> previous(0);
                for (std::size_t row = 0; row < rows.size(); ++row) {
                    std::uint64_t& last = previous.at(rows[row].cpu);
                    values[row] = zigzag(std::int64_t(rows[row].period - last));
                    last = rows[row].period;
                }
            }
            std::uint64_t maximum = 0;
            for (const std::uint64_t value : values)
                maximum = std::max(maximum, value);
            width = widthOf(maximum);
            putPlanes(values.data(), values.size(), width, columns);
            break;
        }
        }
        widths.push_back(char(id));
        widths.push_back(char(width));
    }

    out.append(kMagic, sizeof kMagic);
    const auto rowCount = std::uint32_t(rows.size());
    out.append(reinterpret_cast<const char*>(&rowCount), 4);
    out.push_back(char(ids.size()));
    out += widths;
    const std::int64_t firstQuantum = rows.empty() ? 0 : rows.front().quantum;
    out.append(reinterpret_cast<const char*>(&firstQuantum), 8);
    const auto modulus = std::uint32_t(cpuModulus);
    out.append(reinterpret_cast<const char*>(&modulus), 4);
    out += columns;
}

SampleRowsOut SampleRowsOut::at(ProfileSamples& samples, std::size_t row)
{
    const auto from = [row](auto& column) { return column.empty() ? nullptr : column.data() + row; };
    return {from(samples.timeNs), from(samples.cpu),  from(samples.pid),   from(samples.tid),
            from(samples.stack),  from(samples.task), from(samples.count), from(samples.period)};
}

bool sampleChunkListsCounts(std::string_view bytes)
{
    if (bytes.size() < kFixedHeader)
        return false;
    const auto columnCount = std::size_t(std::uint8_t(bytes[12]));
    for (std::size_t c = 0; c < columnCount && kFixedHeader + 2 * c < bytes.size(); ++c) {
        if (std::uint8_t(bytes[kFixedHeader + 2 * c]) == Count)
            return true;
    }
    return false;
}

DecodedSampleChunk decodeSampleChunk(std::string_view bytes, const SampleChunkExpectation& expected, const SampleRowsOut& out)
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
    const std::size_t header = kFixedHeader + std::size_t(columnCount) * 2 + 8 + 4;
    if (bytes.size() < header)
        throw fail("is shorter than its header (" + std::to_string(bytes.size()) + " bytes)");
    std::int64_t quantum = 0;
    std::memcpy(&quantum, bytes.data() + header - 12, 8);
    std::uint32_t cpuModulus = 0;
    std::memcpy(&cpuModulus, bytes.data() + header - 4, 4);
    if (cpuModulus == 0)
        throw fail("has a CPU modulus of 0");

    // Where each column's bytes are: a per-CPU column's size depends on its bitmap.
    struct Column {
        std::uint8_t id = 0;
        std::uint8_t width = 0;
        const unsigned char* bitmap = nullptr; // per-CPU columns
        const unsigned char* planes = nullptr;
        std::size_t values = 0;                // rows, or the rows with their own value
    };
    std::vector<Column> columns;
    bool seen[kKnownColumns] = {};
    const auto* const data = reinterpret_cast<const unsigned char*>(bytes.data());
    std::size_t at = header;
    const auto take = [&](std::uint64_t size) {
        if (size > bytes.size() - at)
            throw fail("has " + std::to_string(bytes.size()) + " bytes, fewer than its " + std::to_string(rows)
                       + " rows and columns need");
        const unsigned char* start = data + at;
        at += std::size_t(size);
        return start;
    };
    for (std::size_t c = 0; c < columnCount; ++c) {
        Column column;
        column.id = data[kFixedHeader + 2 * c];
        column.width = data[kFixedHeader + 2 * c + 1];
        if (column.width < 1 || column.width > 8)
            throw fail("has column " + std::to_string(column.id) + " of " + std::to_string(column.width) + " bytes per value, not 1 to 8");
        if (column.id < kKnownColumns) {
            if (seen[column.id])
                throw fail("lists column " + std::to_string(column.id) + " twice");
            seen[column.id] = true;
        }
        column.values = rows;
        if (perCpuColumn(column.id)) {
            column.bitmap = take((std::uint64_t(rows) + 7) / 8);
            column.values = 0;
            for (std::size_t byte = 0; byte < rows / 8; ++byte)
                column.values += std::size_t(std::popcount(column.bitmap[byte]));
            if (rows % 8 != 0) // bits beyond the last row do not count
                column.values += std::size_t(std::popcount(unsigned(column.bitmap[rows / 8]) & ((1u << (rows % 8)) - 1)));
        }
        column.planes = take(std::uint64_t(column.values) * column.width);
        columns.push_back(column);
    }
    if (at != bytes.size())
        throw fail("has " + std::to_string(bytes.size()) + " bytes, more than the " + std::to_string(at) + " its "
                   + std::to_string(rows) + " rows and columns need");
    if (!seen[Time] || !seen[Cpu] || !seen[Pid] || !seen[Tid] || !seen[Stack])
        throw fail("lacks one of the columns time, cpu, pid, tid, stack");
    if (seen[Period] != expected.period || seen[Task] != expected.task)
        throw fail(std::string("has ") + (seen[Period] ? "a" : "no") + " period and " + (seen[Task] ? "a" : "no")
                   + " task column, unlike the columns profile/profile.json lists");
    // What the caller prepared for: sampleChunkListsCounts read the same header.
    if (seen[Count] && !out.count)
        throw fail("has a count column that its header did not show before");
    const auto find = [&columns](std::uint8_t id) -> const Column* {
        for (const Column& column : columns) {
            if (column.id == id)
                return &column;
        }
        return nullptr;
    };
    // From here on the chunk's bytes hold its `rows` rows, and rows are written.

    std::vector<std::uint64_t> values;
    const std::int64_t limit = std::numeric_limits<std::int64_t>::max() / expected.quantumNs;
    const Column* time = find(Time);
    takePlanes(time->planes, rows, time->width, values);
    for (std::size_t row = 0; row < rows; ++row) {
        if (values[row] > std::uint64_t(std::numeric_limits<std::int64_t>::max())
            || __builtin_add_overflow(quantum, std::int64_t(values[row]), &quantum) || quantum > limit || quantum < -limit)
            throw fail("has a time beyond 64 bits of nanoseconds at row " + std::to_string(row));
        out.timeNs[row] = quantum * expected.quantumNs;
    }
    DecodedSampleChunk decoded;
    if (rows > 0) {
        decoded.firstNs = out.timeNs[0];
        decoded.lastNs = out.timeNs[rows - 1];
        if (decoded.firstNs < expected.notBeforeNs)
            throw fail("starts at " + std::to_string(decoded.firstNs) + " ns, before the previous chunk ends ("
                       + std::to_string(expected.notBeforeNs) + " ns): rows out of time order");
    }

    const Column* cpuColumn = find(Cpu);
    takePlanes(cpuColumn->planes, rows, cpuColumn->width, values);
    std::uint64_t cpu = 0;
    for (std::size_t row = 0; row < rows; ++row) {
        if (values[row] >= cpuModulus)
            throw fail("has row " + std::to_string(row) + " stepping " + std::to_string(values[row]) + " CPUs, beyond its "
                       + std::to_string(cpuModulus));
        cpu = (cpu + values[row]) % cpuModulus;
        if (cpu >= expected.cpus)
            throw fail("has row " + std::to_string(row) + " on a cpu beyond the " + std::to_string(expected.cpus)
                       + " profile/profile.json declares");
        out.cpu[row] = std::uint32_t(cpu);
    }

    const std::uint32_t* const cpus = out.cpu;
    // A per-CPU column back from its bitmap and values; `bound` is the largest value allowed,
    // `shift` how much a value is above the id it stands for (1 for stacks, whose 0 is kNoStack).
    const auto perCpu = [&](std::uint8_t id, std::uint32_t* column, std::uint64_t bound, const char* what,
                            std::uint64_t shift = 0) {
        const Column* source = find(id);
        takePlanes(source->planes, source->values, source->width, values);
        PerCpu<std::uint64_t> previous(kNothingYet);
        std::size_t next = 0;
        for (std::size_t row = 0; row < rows; ++row) {
            std::uint64_t& last = previous.at(cpus[row]);
            std::uint64_t value = last;
            if ((source->bitmap[row / 8] >> (row % 8)) & 1u) {
                value = values[next++];
                if (value > bound)
                    throw fail("has row " + std::to_string(row) + " with " + what + " " + std::to_string(value - shift)
                               + " beyond its range");
            } else if (last == kNothingYet) {
                throw fail("has row " + std::to_string(row) + " repeating the " + what + " of a cpu without an earlier row");
            }
            last = value;
            column[row] = std::uint32_t(value);
        }
    };
    perCpu(Pid, out.pid, 0xffffffffu, "pid");
    perCpu(Tid, out.tid, 0xffffffffu, "tid");
    perCpu(Stack, out.stack, expected.stacks, "stack", 1);
    for (std::size_t row = 0; row < rows; ++row)
        out.stack[row] = out.stack[row] == 0 ? kNoStack : out.stack[row] - 1;
    if (expected.task) {
        if (expected.tasks == 0 && rows > 0)
            throw fail("has task ids but profile/profile.json lists no task");
        perCpu(Task, out.task, expected.tasks - 1, "task");
    }

    if (const Column* count = find(Count)) {
        takePlanes(count->planes, rows, count->width, values);
        for (std::size_t row = 0; row < rows; ++row) {
            if (values[row] == ~std::uint64_t(0))
                throw fail("has row " + std::to_string(row) + " standing for more than 2^64 samples");
            out.count[row] = values[row] + 1;
        }
    } else if (out.count) {
        std::fill_n(out.count, rows, std::uint64_t(1));
    }
    if (expected.period) {
        const Column* period = find(Period);
        takePlanes(period->planes, rows, period->width, values);
        PerCpu<std::uint64_t> previous(0);
        for (std::size_t row = 0; row < rows; ++row) {
            // Modulo 2^64, as written: every period comes back exactly.
            std::uint64_t& last = previous.at(cpus[row]);
            last += std::uint64_t(unzigzag(values[row]));
            out.period[row] = last;
        }
    }
    return decoded;
}

} // namespace runlens::format

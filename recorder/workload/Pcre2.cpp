#include "Pcre2.h"

#include <new>

namespace runlens::workload::pcre2 {

namespace {

// PCRE2's memory functions. The ordinary operator new, not the nothrow one: a program that
// replaces only the ordinary one (a counting test) then sees every allocation, and its delete
// frees what its new gave. PCRE2 expects NULL when memory runs out.
void* allocate(PCRE2_SIZE size, void*)
{
    try {
        return ::operator new(size);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}

void release(void* memory, void*)
{
    ::operator delete(memory);
}

struct GeneralContextFree {
    void operator()(pcre2_general_context* context) const { pcre2_general_context_free(context); }
};

} // namespace

pcre2_general_context* memory()
{
    static const std::unique_ptr<pcre2_general_context, GeneralContextFree> context(
        pcre2_general_context_create(allocate, release, nullptr));
    if (!context)
        throw std::bad_alloc();
    return context.get();
}

std::string errorMessage(int errorCode)
{
    PCRE2_UCHAR buffer[256];
    const int length = pcre2_get_error_message(errorCode, buffer, sizeof buffer);
    if (length < 0)
        return "PCRE2 error " + std::to_string(errorCode);
    return std::string(reinterpret_cast<const char*>(buffer), std::size_t(length));
}

} // namespace runlens::workload::pcre2

// A .runlens session file through SessionFile::read.
#include "FuzzTarget.h"

#include "SessionFile.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::MemoryFile file(fuzz::bytes(data, size));
    QString error;
    (void)SessionFile::read(QString::fromStdString(file.path()), &error);
    return 0;
}

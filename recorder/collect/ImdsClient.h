// The EC2 identity of the host (instance type, AMI, instance id, region, zone) from the instance
// metadata service, IMDSv2: a session token from PUT /latest/api/token, then the instance
// identity document with that token.
//
// The recorder asks once at start on every host, most of which are not EC2 instances, so the whole
// exchange has one deadline under a second and every failure becomes a clean "not on EC2" with
// the reason. It speaks HTTP/1.1 through the recorder's own client (HttpExchange): IMDS has no TLS
// and answers with Content-Length, and an HTTP library (or the AWS SDK) would be a large
// dependency for two requests.
#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <string>

namespace runlens::collect {

class ImdsClient {
public:
    static constexpr const char* kDefaultEndpoint = "169.254.169.254:80";
    static constexpr std::chrono::milliseconds kDefaultTimeout { 900 };

    // endpoint is "IPv4:port" or "[IPv6]:port" (the Nitro IPv6 endpoint is [fd00:ec2::254]:80).
    // Host names are refused: resolving one could block past the deadline.
    explicit ImdsClient(std::string endpoint = kDefaultEndpoint, std::chrono::milliseconds timeout = kDefaultTimeout);

    // {"available": true, "source": "instance-identity-document" | "meta-data", "endpoint": ...,
    //  "instance_type", "image_id", "instance_id", "region", "availability_zone", "architecture"}
    // (architecture only from the document), or {"available": false, "reason": "..."}.
    nlohmann::json identity() const;

    const std::string& endpoint() const { return m_endpoint; }

private:
    std::string m_endpoint;
    std::chrono::milliseconds m_timeout;
};

} // namespace runlens::collect

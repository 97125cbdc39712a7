/*
 * vksplit: split a .npy array as ONNX Split (opsets 1, 2, 11, 13, 18) or OpenVINO
 * Split-1 / VariadicSplit-1 would, on the Vulkan device, and write one .npy per output.
 * The body is vksplit_cli_run (cli.h), which tests call with a desc of their own.
 */
#include <string.h>

#include "cli.h"

int main(int argc, char** argv)
{
    vksplit_runner_desc desc;
    memset(&desc, 0, sizeof desc);
    return vksplit_cli_run(argc, argv, &desc);
}

/* openapi_embed.S -- the OpenAPI document, linked into the binary at build time.
 *
 * GET /openapi.yaml serves these bytes, so the contract a running server
 * describes is always the one it was built from. The Makefile assembles
 * this from the repository root (-I.), where .incbin finds openapi.yaml.
 */
    .section .rodata
    .global api_openapi_yaml
    .type api_openapi_yaml, @object
    .balign 16
api_openapi_yaml:
    .incbin "openapi.yaml"
api_openapi_yaml_end:
    .byte 0
    .size api_openapi_yaml, . - api_openapi_yaml

    .global api_openapi_yaml_size
    .type api_openapi_yaml_size, @object
    .balign 8
api_openapi_yaml_size:
    .quad api_openapi_yaml_end - api_openapi_yaml
    .size api_openapi_yaml_size, 8

    .section .note.GNU-stack,"",@progbits

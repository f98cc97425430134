"""Secret redaction: each built-in kind, text that must survive, and configured patterns."""

from __future__ import annotations

import pytest

from memctl.config import load_yaml_text, parse_config
from memctl.errors import ConfigError
from memctl.redact import NO_REDACTION, compile_patterns

SECRETS = [
    ("openai_key", "key sk-proj-Ab3dEfGhIjKlMnOpQrStUvWxYz012345 here", "sk-proj-Ab3d"),
    ("openai_key", "OPENAI_API_KEY=sk-abcdefghijklmnopqrstuvwx", "sk-abcdefghij"),
    ("anthropic_key", "sk-ant-api03-abcdefghijklmnopqrstuvwxyz-ABC", "sk-ant-api03"),
    ("aws_access_key", "id AKIAIOSFODNN7EXAMPLE ok", "AKIAIOSFODNN7EXAMPLE"),
    ("secret", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtn"),
    ("github_token", "token ghp_" + "a1" * 18, "ghp_a1a1"),
    ("github_token", "github_pat_11ABCDEFG0123456789_abcdefghijklmnop", "github_pat_11"),
    ("gitlab_token", "glpat-abcdefghij0123456789", "glpat-abc"),
    ("slack_token", "xoxb-1234567890-abcdefghij", "xoxb-123"),
    ("google_api_key", "AIza" + "Sy" * 17 + "Q", "AIzaSySy"),
    ("stripe_key", "sk_live_" + "x" * 24, "sk_live_x"),
    ("huggingface_token", "hf_" + "Z" * 34, "hf_ZZZ"),
    (
        "jwt",
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_X",
        "eyJhbGci",
    ),
    ("bearer_token", "Authorization: Bearer abcdefghijklmnopqrstuvwxyz012", "abcdefghijklmnop"),
    ("url_password", "postgres://admin:hunter2pass@db.example.com/app", "hunter2pass"),
    ("secret", "password=hunter2 and more", "hunter2"),
    ("secret", '{"api_key": "zzzzyyyyxxxx"}', "zzzzyyyyxxxx"),
    (
        "private_key",
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----",
        "MIIEpAIBAAKCAQEA",
    ),
    (
        "private_key",
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----",
        "b3BlbnNzaC1rZXk",
    ),
]


@pytest.mark.parametrize(("kind", "text", "secret"), SECRETS)
def test_builtin_pattern_hides_the_secret(kind: str, text: str, secret: str) -> None:
    redacted, counts = compile_patterns().redact(text)
    assert secret not in redacted
    assert f"[REDACTED:{kind}]" in redacted
    assert counts[kind] >= 1


def test_key_names_and_url_users_stay_readable() -> None:
    redactor = compile_patterns()
    assert redactor.text("password=hunter2") == "password=[REDACTED:secret]"
    assert redactor.text("https://bob:pw1234@example.com/x") == (
        "https://bob:[REDACTED:url_password]@example.com/x"
    )


@pytest.mark.parametrize(
    "text",
    [
        "We decided to use tokens for auth.",
        "The password policy requires 12 characters.",
        "Deploys happen on Tuesdays; see https://example.com/docs.",
        "部署决定：使用蓝鲸方案",
        "ask-me-anything is a channel",
    ],
)
def test_ordinary_text_is_left_alone(text: str) -> None:
    assert compile_patterns().redact(text) == (text, {})


def test_configured_patterns_and_switch() -> None:
    data = load_yaml_text(
        "redaction:\n  patterns:\n    - 'EMP-\\d{6}'\n    - {name: ticket, regex: 'secret-ticket-(\\w+)'}\n",
        "memctl.yaml",
    )
    config = parse_config(data, "memctl.yaml")
    redactor = config.redaction.redactor()
    assert redactor.text("id EMP-123456") == "id [REDACTED:custom]"
    assert redactor.text("secret-ticket-abc") == "secret-ticket-[REDACTED:ticket]"
    assert NO_REDACTION.text("password=hunter2") == "password=hunter2"


@pytest.mark.parametrize(
    ("yaml_text", "fragment"),
    [
        ("redaction:\n  patterns: 'x'\n", "redaction.patterns: must be a list"),
        ("redaction:\n  patterns: ['(unclosed']\n", "redaction.patterns[1]: invalid regex"),
        ("redaction:\n  patterns: [{regex: '(a)(b)'}]\n", "at most one group"),
        ("redaction:\n  patterns: [{name: 'bad name', regex: 'x'}]\n", "name 'bad name'"),
        ("redaction:\n  enabeld: false\n", "did you mean 'enabled'"),
    ],
)
def test_bad_redaction_config(yaml_text: str, fragment: str) -> None:
    with pytest.raises(ConfigError, match=None) as caught:
        parse_config(load_yaml_text(yaml_text, "memctl.yaml"), "memctl.yaml")
    assert fragment in str(caught.value)
    assert str(caught.value).startswith("memctl.yaml: redaction")

"""Kubernetes manifests under docker/k8s/, validated offline against the
Kubernetes OpenAPI schemas (kubernetes-validate, strict) and checked for what
operators rely on."""

from __future__ import annotations

from pathlib import Path

import kubernetes_validate
import pytest
import yaml

K8S = Path(__file__).resolve().parents[2] / "docker" / "k8s"
FILES = sorted(K8S.glob("*.yaml"))


def load(name: str) -> dict:
    return yaml.safe_load((K8S / name).read_text())


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_manifest_is_valid(path: Path) -> None:
    for document in yaml.safe_load_all(path.read_text()):
        kubernetes_validate.validate(document, "1.33.0", strict=True)


def test_all_four_kinds_are_there() -> None:
    kinds = {yaml.safe_load(p.read_text())["kind"] for p in FILES}
    assert kinds == {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"}


def test_deployment_probes_security_and_metrics_dir() -> None:
    pod = load("deployment.yaml")["spec"]["template"]
    container = pod["spec"]["containers"][0]
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["resources"]["requests"] and container["resources"]["limits"]
    assert pod["spec"]["securityContext"]["runAsNonRoot"] is True
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    env = {e["name"]: e["value"] for e in container["env"]}
    mounts = {m["name"]: m["mountPath"] for m in container["volumeMounts"]}
    volumes = {v["name"]: v for v in pod["spec"]["volumes"]}
    # the multiprocess metrics directory lives on a writable emptyDir
    metrics_volume = next(name for name, path in mounts.items() if env["MAHJONG_METRICS_DIR"].startswith(path))
    assert "emptyDir" in volumes[metrics_volume]
    annotations = pod["metadata"]["annotations"]
    assert annotations["prometheus.io/scrape"] == "true" and annotations["prometheus.io/path"] == "/metrics"


def test_hpa_scales_on_cpu_and_pdb_keeps_one() -> None:
    hpa = load("hpa.yaml")["spec"]
    assert hpa["metrics"][0]["resource"]["name"] == "cpu"
    assert hpa["scaleTargetRef"]["name"] == load("deployment.yaml")["metadata"]["name"]
    assert load("pdb.yaml")["spec"]["minAvailable"] == 1

"""Kubernetes manifests under docker/k8s/, validated offline against the
Kubernetes OpenAPI schemas (kubernetes-validate, strict) of every version from
the stated minimum to the newest the validator has, and checked for what
operators rely on."""

from __future__ import annotations

import re
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "docker" / "k8s"
KUSTOMIZATION = K8S / "kustomization.yaml"
FILES = sorted(path for path in K8S.glob("*.yaml") if path != KUSTOMIZATION)
"""The Kubernetes objects (the kustomization is kustomize's, not one)."""
MINIMUM = re.search(r"^# Minimum Kubernetes version: 1\.(\d+)\b", (K8S / "deployment.yaml").read_text(), re.MULTILINE)
assert MINIMUM, "deployment.yaml states the minimum Kubernetes version"
MINOR = int(MINIMUM.group(1))
NEWEST = int(kubernetes_validate.latest_version().split(".")[1])
VERSIONS = [f"1.{minor}.0" for minor in range(MINOR, NEWEST + 1)]


def load(name: str) -> dict:
    return yaml.safe_load((K8S / name).read_text())


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_manifest_is_valid_from_the_minimum_to_the_newest_version(path: Path, version: str) -> None:
    for document in yaml.safe_load_all(path.read_text()):
        kubernetes_validate.validate(document, version, strict=True)


def test_minimum_version_is_stated_where_operators_look_and_is_needed() -> None:
    assert MINOR == 30 and NEWEST >= 37
    assert "Kubernetes 1.30" in (ROOT / "docs" / "operations.md").read_text()
    # 1.28's schema has no preStop sleep action; 1.29 has it behind a feature
    # gate that is off by default, 1.30 turns it on
    with pytest.raises(kubernetes_validate.ValidationError, match="sleep"):
        kubernetes_validate.validate(load("deployment.yaml"), "1.28.0", strict=True)


def test_all_five_kinds_are_there() -> None:
    kinds = {yaml.safe_load(p.read_text())["kind"] for p in FILES}
    assert kinds == {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "NetworkPolicy"}


def test_hpa_owns_the_replica_count() -> None:
    assert "replicas" not in load("deployment.yaml")["spec"]
    assert load("hpa.yaml")["spec"]["minReplicas"] >= 2


def test_pods_spread_across_nodes() -> None:
    pod = load("deployment.yaml")["spec"]["template"]
    labels = pod["metadata"]["labels"]
    spread = {c["topologyKey"]: c for c in pod["spec"]["topologySpreadConstraints"]}
    node = spread["kubernetes.io/hostname"]
    assert node["maxSkew"] == 1 and node["whenUnsatisfiable"] == "DoNotSchedule"
    assert node["labelSelector"]["matchLabels"].items() <= labels.items()
    assert "topology.kubernetes.io/zone" in spread


def test_network_policy_admits_the_gateway_to_http_and_prometheus_to_metrics_only_and_denies_egress() -> None:
    policy = load("networkpolicy.yaml")["spec"]
    deployment = load("deployment.yaml")
    assert policy["podSelector"]["matchLabels"].items() <= deployment["spec"]["template"]["metadata"]["labels"].items()
    assert set(policy["policyTypes"]) == {"Ingress", "Egress"}
    assert policy["egress"] == []
    rules = {
        tuple(peer["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"] for peer in rule["from"]): [
            port["port"] for port in rule["ports"]
        ]
        for rule in policy["ingress"]
    }
    assert rules == {("gateway",): ["http"], ("monitoring",): ["metrics"]}
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    container_ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    env = {e["name"]: e["value"] for e in container["env"]}
    # the ports the policy names are the ones the service listens on
    assert container_ports == {"http": int(env["MAHJONG_PORT"]), "metrics": int(env["MAHJONG_METRICS_PORT"])}
    annotations = deployment["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/port"] == env["MAHJONG_METRICS_PORT"]


def test_compose_scrapes_the_metrics_port_and_does_not_publish_it() -> None:
    compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())["services"]["settlement"]
    prometheus = yaml.safe_load((ROOT / "docker" / "prometheus.yml").read_text())
    port = compose["environment"]["MAHJONG_METRICS_PORT"]
    assert prometheus["scrape_configs"][0]["static_configs"][0]["targets"] == [f"settlement:{port}"]
    assert all(not mapping.endswith(f":{port}") for mapping in compose["ports"])


def test_termination_grace_covers_prestop_drain_and_in_flight() -> None:
    pod = load("deployment.yaml")["spec"]["template"]["spec"]
    container = pod["containers"][0]
    env = {e["name"]: e["value"] for e in container["env"]}
    needed = (
        container["lifecycle"]["preStop"]["sleep"]["seconds"] + int(env["MAHJONG_DRAIN_SECONDS"]) + int(env["MAHJONG_GRACEFUL_TIMEOUT"])
    )
    assert needed < pod["terminationGracePeriodSeconds"]


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


def test_the_image_is_set_in_one_place_for_every_manifest() -> None:
    """`kubectl apply -k docker/k8s/` applies every manifest, and the
    kustomization's `images:` entry names the Deployment's image: a registry's
    name and tag are set there (kustomize's ImageTagTransformer matches the
    Deployment's `image:` by name), not in the Deployment."""
    kustomization = yaml.safe_load(KUSTOMIZATION.read_text())
    assert kustomization["apiVersion"] == "kustomize.config.k8s.io/v1beta1"
    assert kustomization["kind"] == "Kustomization"
    assert sorted(kustomization["resources"]) == [path.name for path in FILES]
    image = load("deployment.yaml")["spec"]["template"]["spec"]["containers"][0]["image"]
    name, tag = image.split(":")
    assert kustomization["images"] == [{"name": name, "newName": name, "newTag": tag}]

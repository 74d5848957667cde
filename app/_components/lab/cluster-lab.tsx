"use client";

import { useId, useMemo, useState } from "react";
import {
  LAB_MINUTE_MS,
  checkLabSettings,
  labAlgorithms,
  labPresets,
  runLab,
  type LabAlgorithm,
  type LabRouting,
  type LabSettings,
} from "@/lib/simulation/lab";
import type { Placement } from "@/lib/simulation/cluster";
import { LabChart } from "./lab-chart";
import styles from "./cluster-lab.module.css";
import { formatNumber } from "@/lib/format/format-number";

const algorithmNames: Record<LabAlgorithm, string> = {
  "fixed-window": "Fixed window",
  "sliding-log": "Sliding log",
  "sliding-counter": "Sliding counter",
  "token-bucket": "Token bucket",
};

const routingNames: Record<LabRouting, string> = {
  "round-robin": "Round-robin",
  weighted: "Weighted",
  sticky: "Sticky (hash of the client)",
  restart: "Round-robin, instance 1 restarts at 30 s",
};

const placementNames: Record<Placement, string> = {
  full: "In each instance, full limit",
  divided: "In each instance, limit ÷ instances",
  shared: "In a shared store",
};

const count = formatNumber;

/**
 * The cluster lab: the lesson's "100 becomes 300" as something to play with. Every control change
 * re-runs one simulated minute through lib/simulation in the browser; the presets are the lesson's
 * printed figures (tests/unit/simulation/lab.test.ts pins them).
 */
export function ClusterLab({ preset = "three-full" }: { preset?: string }) {
  const initial = labPresets.find((p) => p.id === preset) ?? labPresets[0]!;
  const [settings, setSettings] = useState<LabSettings>(initial.settings);
  const [weightsText, setWeightsText] = useState(initial.settings.weights.join("/"));
  const [presetId, setPresetId] = useState<string | undefined>(initial.id);
  const id = useId();

  const check = checkLabSettings(settings);
  const outcome = useMemo(() => (check.ok ? runLab(settings) : undefined), [settings, check.ok]);

  function change(patch: Partial<LabSettings>) {
    setPresetId(undefined);
    setSettings((current) => {
      const next = { ...current, ...patch };
      // Keep one weight per instance when the count changes, so weighted routing stays valid.
      if (patch.instances !== undefined && next.weights.length !== next.instances) {
        next.weights = Array.from({ length: next.instances }, (_, i) => next.weights[i] ?? 1);
        setWeightsText(next.weights.join("/"));
      }
      return next;
    });
  }

  function choosePreset(presetSettings: LabSettings, chosen: string) {
    setSettings(presetSettings);
    setWeightsText(presetSettings.weights.join("/"));
    setPresetId(chosen);
  }

  const numberInput = (field: "instances" | "limit" | "offered" | "clients", label: string) => (
    <label className={styles.field}>
      <span>{label}</span>
      <input
        type="number"
        inputMode="numeric"
        value={Number.isFinite(settings[field]) ? settings[field] : ""}
        min={field === "offered" ? 0 : 1}
        onChange={(event) => change({ [field]: event.currentTarget.valueAsNumber })}
      />
    </label>
  );

  return (
    <section className={styles.lab} aria-labelledby={`${id}-title`} data-testid="cluster-lab">
      {/* Not a heading: the section around the lab has one, and prose headings carry anchors. */}
      <p id={`${id}-title`} className={styles.title}>
        Cluster lab: one minute of traffic, N instances
      </p>
      <noscript>
        <p className={styles.note}>
          The lab recomputes in your browser and needs JavaScript; without it, this is the first
          preset, the same figures the program above printed.
        </p>
      </noscript>
      <div className={styles.presets} role="group" aria-label="Presets from the lesson">
        {labPresets.map((p) => (
          <button
            key={p.id}
            type="button"
            className={styles.preset}
            aria-pressed={presetId === p.id}
            onClick={() => choosePreset(p.settings, p.id)}
          >
            {p.label}
          </button>
        ))}
      </div>

      <div className={styles.controls}>
        {numberInput("instances", "Instances")}
        <label className={styles.field}>
          <span>Routing</span>
          <select
            value={settings.routing}
            onChange={(event) => change({ routing: event.currentTarget.value as LabRouting })}
          >
            {Object.entries(routingNames).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {settings.routing === "weighted" ? (
          <label className={styles.field}>
            <span>Weights (one per instance)</span>
            <input
              type="text"
              value={weightsText}
              onChange={(event) => {
                const text = event.currentTarget.value;
                setWeightsText(text);
                const weights = text
                  .split(/[\s,/]+/)
                  .filter((part) => part !== "")
                  .map(Number);
                change({ weights });
              }}
            />
          </label>
        ) : null}
        <fieldset className={styles.fieldset}>
          <legend>Where the counter lives</legend>
          {(Object.keys(placementNames) as Placement[]).map((placement) => (
            <label key={placement} className={styles.radio}>
              <input
                type="radio"
                name={`${id}-placement`}
                value={placement}
                checked={settings.placement === placement}
                onChange={() => change({ placement })}
              />
              {placementNames[placement]}
            </label>
          ))}
        </fieldset>
        <label className={styles.field}>
          <span>Algorithm</span>
          <select
            value={settings.algorithm}
            onChange={(event) => change({ algorithm: event.currentTarget.value as LabAlgorithm })}
          >
            {labAlgorithms.map((algorithm) => (
              <option key={algorithm} value={algorithm}>
                {algorithmNames[algorithm]}
              </option>
            ))}
          </select>
        </label>
        {numberInput("limit", "Documented limit per minute")}
        {numberInput("offered", "Requests offered in the minute")}
        <label className={styles.field}>
          <span>Arrival</span>
          <select
            value={settings.arrival}
            onChange={(event) =>
              change({ arrival: event.currentTarget.value as LabSettings["arrival"] })
            }
          >
            <option value="burst">All at once</option>
            <option value="even">Spread over the minute</option>
          </select>
        </label>
        {numberInput("clients", "Clients")}
        <fieldset className={styles.fieldset}>
          <legend>Store outage, 20 s to 40 s</legend>
          {(
            [
              ["none", "No outage"],
              ["fail-open", "Fail open (admit)"],
              ["fail-closed", "Fail closed (refuse)"],
            ] as const
          ).map(([value, name]) => (
            <label key={value} className={styles.radio}>
              <input
                type="radio"
                name={`${id}-outage`}
                value={value}
                checked={settings.outage === value}
                onChange={() => change({ outage: value })}
              />
              {name}
            </label>
          ))}
          {settings.outage !== "none" && settings.placement !== "shared" ? (
            <p className={styles.note}>
              Only a shared store can fail: in-memory counters ignore it.
            </p>
          ) : null}
        </fieldset>
      </div>

      <div className={styles.result} aria-live="polite">
        {outcome ? (
          <p className={styles.headline} data-testid="lab-admitted">
            Admitted <strong>{count(outcome.allowed)}</strong> of {count(outcome.offered)} — the
            documented limit is <strong>{count(outcome.limit)}</strong>
            {outcome.allowed > outcome.limit
              ? ` (${(outcome.allowed / outcome.limit).toFixed(1)}× the limit)`
              : outcome.allowed < Math.min(outcome.limit, outcome.offered)
                ? ` (${count(Math.min(outcome.limit, outcome.offered) - outcome.allowed)} fewer than promised)`
                : ""}
          </p>
        ) : (
          <p className={styles.problem} role="alert">
            {check.ok ? "" : check.problem}
          </p>
        )}
      </div>
      {outcome ? (
        <>
          <LabChart outcome={outcome} minuteMs={LAB_MINUTE_MS} />
          <table className={styles.table}>
            <caption>Per instance, over the minute</caption>
            <thead>
              <tr>
                <th scope="col">Instance</th>
                <th scope="col">Routed</th>
                <th scope="col">Admitted</th>
              </tr>
            </thead>
            <tbody>
              {outcome.perInstance.map((instance, i) => (
                <tr key={i}>
                  <th scope="row">{i + 1}</th>
                  <td>{count(instance.routed)}</td>
                  <td>{count(instance.allowed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}

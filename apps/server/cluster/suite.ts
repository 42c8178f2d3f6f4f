import { describe } from 'vitest';
import { clusterAvailability, type KestrelCluster } from './harness';

const availability = clusterAvailability();
if (availability.missing !== undefined) {
  process.stderr.write(`cluster suites skipped: this machine lacks ${availability.missing}\n`);
}

/** The suites that start a cluster; skipped, with the reason printed, where its programs are not installed. */
export const onCluster = describe.skipIf(availability.missing !== undefined);

/** Starts again every node a test stopped, and waits until the balancer sends to all of them. */
export async function everyNodeBack(cluster: KestrelCluster): Promise<void> {
  for (const node of cluster.nodes) {
    node.resume();
    if (!node.isRunning) await node.restart();
  }
  await cluster.balancer.waitForNodes(cluster.nodes.map((node) => node.name));
}

import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import type * as FaceApi from '@vladmandic/face-api';
import type { RawImage } from './faceImage';

/**
 * The face model, as @vladmandic/face-api ships it: its SSD MobileNet detector, its 68
 * landmarks (to align each face) and its recognition net (a 128-number descriptor per face), run
 * by TensorFlow.js on WebAssembly: no native build, and nothing downloaded at run time (the weights
 * and the .wasm files are read from node_modules). Loaded once per process, in the face worker.
 */
// The package's Node build for the WASM backend has no entry of its own in its package.json.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as typeof FaceApi;

/** Where a package's files lie (the model's weights, the backend's .wasm). */
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** A face found in a photo: where (relative to the photo's size, 0..1), how sure, and its descriptor. */
export interface FoundFace {
  box: [x: number, y: number, width: number, height: number];
  score: number;
  descriptor: Float32Array;
}

/** Faces the detector is less sure of than this are left out: a false face only adds noise to searches. */
const MIN_DETECTION_SCORE = 0.5;

let loading: Promise<void> | null = null;

async function load(): Promise<void> {
  setWasmPaths(`${path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}${path.sep}`);
  await tf.setBackend('wasm');
  await tf.ready();
  const weights = path.join(packageDir('@vladmandic/face-api'), 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(weights);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(weights);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(weights);
}

/**
 * Loads the backend and the three nets once; later calls wait for the same load. A load that
 * failed is forgotten: the next photo tries again, instead of every photo failing for good.
 */
export function loadFaceModel(): Promise<void> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Every face of an image (RGB, decoded), most certain first. */
export async function findFaces(image: RawImage): Promise<FoundFace[]> {
  await loadFaceModel();
  const tensor = tf.tensor3d(new Int32Array(image.data), [image.height, image.width, 3], 'int32');
  try {
    const found = await faceapi
      .detectAllFaces(
        tensor as unknown as FaceApi.TNetInput,
        new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_DETECTION_SCORE }),
      )
      .withFaceLandmarks()
      .withFaceDescriptors();
    return found
      .map(({ detection, descriptor }) => {
        const { x, y, width, height } = detection.relativeBox;
        return { box: [x, y, width, height] as FoundFace['box'], score: detection.score, descriptor };
      })
      .sort((a, b) => b.score - a.score);
  } finally {
    tensor.dispose();
  }
}

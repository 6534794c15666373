import { useEffect, useRef } from 'react';
import {
  Box3,
  type BufferGeometry,
  Color,
  DirectionalLight,
  GridHelper,
  Group,
  HemisphereLight,
  type Material,
  Mesh,
  MeshStandardMaterial,
  type Object3D,
  PerspectiveCamera,
  Scene,
  Texture,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { ThreeMFLoader } from 'three/examples/jsm/loaders/3MFLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import './content.css';

/**
 * The 3D preview (a lazy chunk: three.js is loaded only when the visitor presses "View in 3D").
 * Renders on demand — a frame only when the camera moved — so an idle preview costs no battery.
 */
export type ViewerStatus = 'loading' | 'ready' | 'error' | 'no-webgl';
export interface ViewerProps {
  url: string;
  /** 'STL' (binary or ASCII) or '3MF'. */
  format: string;
  label: string;
  onStatus: (status: ViewerStatus) => void;
}

/** Model files are Z-up (printer coordinates); three.js is Y-up. */
function parse(buffer: ArrayBuffer, format: string): Object3D {
  const group = new Group();
  if (/^3mf$/i.test(format)) {
    group.add(new ThreeMFLoader().parse(buffer));
  } else {
    group.add(new Mesh(new STLLoader().parse(buffer)));
  }
  group.rotation.x = -Math.PI / 2;
  return group;
}

/** A 3MF's own materials may carry textures; the preview draws with one material of its own. */
function disposeMaterial(m: Material) {
  for (const value of Object.values(m)) if (value instanceof Texture) value.dispose();
  m.dispose();
}

export default function ModelViewer({ url, format, label, onStatus }: ViewerProps) {
  const hostRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let renderer: WebGLRenderer;
    try {
      renderer = new WebGLRenderer({ antialias: true, powerPreference: 'low-power' });
    } catch {
      onStatus('no-webgl');
      return;
    }
    onStatus('loading');
    const abort = new AbortController();
    renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    const canvas = renderer.domElement;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', label);
    host.appendChild(canvas);

    const scene = new Scene();
    scene.background = new Color(0xf5f6f8);
    const camera = new PerspectiveCamera(40, 4 / 3, 0.1, 10_000);
    scene.add(camera);
    scene.add(new HemisphereLight(0xffffff, 0x8a8f99, 2));
    // The key light rides with the camera: the side the visitor looks at is always lit.
    const key = new DirectionalLight(0xffffff, 2.2);
    key.position.set(1, 1.5, 0.5);
    camera.add(key);
    const material = new MeshStandardMaterial({ color: 0xe8792c, roughness: 0.6, metalness: 0.05 });
    let grid: GridHelper | null = null;

    const controls = new OrbitControls(camera, canvas);
    controls.enableDamping = true;
    controls.dampingFactor = 0.12;

    let frame = 0;
    const render = () => {
      frame = 0;
      // With damping, update() moves the camera a little further and emits 'change' until it settles.
      controls.update();
      renderer.render(scene, camera);
    };
    const requestRender = () => {
      if (!frame) frame = requestAnimationFrame(render);
    };
    controls.addEventListener('change', requestRender);

    const resize = () => {
      const width = host.clientWidth;
      if (!width) return;
      const height = Math.round((width * 3) / 4);
      renderer.setSize(width, height, false);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      requestRender();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(host);
    resize();

    const onContextLost = (e: Event) => {
      e.preventDefault();
      onStatus('error');
    };
    canvas.addEventListener('webglcontextlost', onContextLost);

    (async () => {
      const res = await fetch(url, { signal: abort.signal, credentials: 'same-origin' });
      if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
      const object = parse(await res.arrayBuffer(), format);
      if (abort.signal.aborted) return;
      object.traverse((o) => {
        if (o instanceof Mesh) {
          for (const m of [o.material].flat() as Material[]) disposeMaterial(m);
          o.material = material;
        }
      });
      // Centre on the plate: middle of the footprint at the origin, lowest point on the bed.
      object.updateMatrixWorld(true);
      const box = new Box3().setFromObject(object);
      if (box.isEmpty()) throw new Error('empty model');
      const size = box.getSize(new Vector3());
      const centre = box.getCenter(new Vector3());
      object.position.set(-centre.x, -box.min.y, -centre.z);
      scene.add(object);

      const footprint = Math.max(size.x, size.z);
      const cell = footprint > 200 ? 50 : footprint > 60 ? 20 : 10;
      const plate = Math.max(4, Math.ceil((footprint * 1.6) / cell)) * cell;
      grid = new GridHelper(plate, plate / cell, 0x9aa0aa, 0xd5d8de);
      scene.add(grid);

      const radius = Math.max(size.length() / 2, 1);
      const distance = radius / Math.sin(((camera.fov / 2) * Math.PI) / 180);
      controls.target.set(0, size.y / 2, 0);
      camera.position.copy(new Vector3(0.9, 0.75, 1.2).normalize().multiplyScalar(distance * 1.05)).add(controls.target);
      camera.near = distance / 100;
      camera.far = distance * 100;
      camera.updateProjectionMatrix();
      controls.minDistance = radius * 0.6;
      controls.maxDistance = distance * 6;
      controls.update();
      requestRender();
      onStatus('ready');
    })().catch(() => {
      if (!abort.signal.aborted) onStatus('error');
    });

    return () => {
      abort.abort();
      cancelAnimationFrame(frame);
      observer.disconnect();
      controls.removeEventListener('change', requestRender);
      controls.dispose();
      canvas.removeEventListener('webglcontextlost', onContextLost);
      scene.traverse((o) => {
        if (o instanceof Mesh || o instanceof GridHelper) {
          (o.geometry as BufferGeometry).dispose();
          for (const m of [o.material].flat() as Material[]) disposeMaterial(m);
        }
      });
      material.dispose();
      renderer.dispose();
      // Browsers keep only a few WebGL contexts; give this one back now, not at garbage collection.
      renderer.forceContextLoss();
      canvas.remove();
    };
  }, [url, format, label, onStatus]);

  return <div ref={hostRef} className="model-3d-canvas" />;
}

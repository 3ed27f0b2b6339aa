/**
 * Give `canvas` a backing store of `width` × `height` device pixels. A new backing store is blank,
 * so the last picture is drawn back, scaled, until the next frame draws: a paused story resized to
 * a phone's width does not go empty.
 */
export function resizeKeepingPicture(canvas: HTMLCanvasElement, width: number, height: number): void {
  const last = canvas.width > 0 && canvas.height > 0 ? document.createElement('canvas') : null;
  if (last) {
    last.width = canvas.width;
    last.height = canvas.height;
    last.getContext('2d')?.drawImage(canvas, 0, 0);
  }
  canvas.width = width;
  canvas.height = height;
  if (last) canvas.getContext('2d')?.drawImage(last, 0, 0, width, height);
}

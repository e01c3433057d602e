/** A short low tone for an error at the bench (Settings: optional), made by WebAudio: no sound file. */
export function beep(): void {
  try {
    const context = new AudioContext();
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.type = 'square';
    tone.frequency.value = 220;
    volume.gain.value = 0.08;
    tone.connect(volume).connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.25);
    tone.onended = () => void context.close();
  } catch {
    // No audio here (a headless browser, a locked-down kiosk): the error still shows.
  }
}

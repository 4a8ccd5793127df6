import { useRef, useState } from 'react';
import { bomLimits, bomMessages, type BomSheet } from '../../../contract/bom.ts';
import { bomCalls } from '../../../contract/bom-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { bomFileProblem, sendBomFile } from './send-bom-file.ts';

/**
 * A BOM read from a file (picked or dropped) or from pasted text: each is checked here with the
 * server's messages, then read by the server into a sheet handed to onSheet. The problem stays
 * on screen (role=alert) until the next try.
 */
export function useBomUpload(onSheet: (sheet: BomSheet) => void) {
  const [isReading, setIsReading] = useState(false);
  const [problem, setProblem] = useState('');
  const [pasteText, setPasteText] = useState('');
  const running = useRef<AbortController | null>(null);

  async function read(load: (signal: AbortSignal) => Promise<BomSheet>, fallback: string) {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setIsReading(true);
    setProblem('');
    try {
      const sheet = await load(controller.signal);
      if (!controller.signal.aborted) onSheet(sheet);
    } catch (error) {
      if (!controller.signal.aborted) setProblem(errorMessageOf(error) || fallback);
    } finally {
      if (running.current === controller) {
        running.current = null;
        setIsReading(false);
      }
    }
  }

  function uploadFile(file: File | undefined) {
    if (!file) {
      setProblem(bomMessages.fileMissing);
      return;
    }
    const fileProblem = bomFileProblem(file);
    if (fileProblem) {
      setProblem(fileProblem);
      return;
    }
    void read((signal) => sendBomFile(file, signal), bomMessages.fileUnreadable);
  }

  function parsePaste() {
    const text = pasteText;
    if (!text.trim()) {
      setProblem(bomMessages.pasteEmpty);
      return;
    }
    if (text.length > bomLimits.pasteCharsMax) {
      setProblem(bomMessages.pasteTooLong);
      return;
    }
    void read(() => callApi(bomCalls.parseText, { text }), bomMessages.fileUnreadable);
  }

  return { isReading, problem, pasteText, setPasteText, uploadFile, parsePaste };
}

export type BomUpload = ReturnType<typeof useBomUpload>;

import { useMutation } from "convex/react";
import { useEffect, useRef, useState } from "react";
import { api } from "@convex/_generated/api";
import { isAcceptableImage } from "@convex/model/shared/imageRules";
import { MESSAGES } from "@convex/model/shared/texts";
import { errorNotice } from "../../../lib/errors";
import { uploadFile } from "./upload-file";

/** Shown when the upload itself fails (network, backend down): nothing the person did wrong. */
export const UPLOAD_FAILED = "Não foi possível enviar a imagem. Tente novamente.";

export type ImageUpload =
  | { status: "empty"; error: string | null }
  | { status: "uploading"; previewUrl: string; percent: number }
  | { status: "done"; previewUrl: string; storageId: string };

/**
 * One event image: checked in the browser, previewed at once, uploaded with progress, then
 * claimed (the server checks the file again and refuses someone else's). `choose(null)` clears.
 */
export function useImageUpload() {
  const generateUrl = useMutation(api.events.generateImageUploadUrl);
  const claim = useMutation(api.events.claimImageUpload);
  const [upload, setUpload] = useState<ImageUpload>({ status: "empty", error: null });
  const attempt = useRef(0);
  const previewUrl = upload.status === "empty" ? null : upload.previewUrl;

  useEffect(
    () => () => {
      if (previewUrl !== null) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  async function choose(file: File | null) {
    const current = ++attempt.current;
    if (file === null || !isAcceptableImage(file.type, file.size)) {
      setUpload({ status: "empty", error: file === null ? null : MESSAGES.invalidImage });
      return;
    }
    const preview = URL.createObjectURL(file);
    setUpload({ status: "uploading", previewUrl: preview, percent: 0 });
    const stillCurrent = () => current === attempt.current;
    try {
      const url = await generateUrl({});
      const storageId = await uploadFile(url, file, (percent) => {
        if (stillCurrent()) setUpload({ status: "uploading", previewUrl: preview, percent });
      });
      const claimed = await claim({ storageId });
      if (!stillCurrent()) return;
      setUpload(claimed.accepted ? { status: "done", previewUrl: preview, storageId } : { status: "empty", error: claimed.message });
    } catch (error) {
      if (stillCurrent()) setUpload({ status: "empty", error: errorNotice(error, UPLOAD_FAILED).message });
    }
  }

  return { upload, choose };
}

/** The create input with the uploaded image, which then replaces any URL typed alongside it. */
export function withUploadedImage<Input extends { imageUrl?: string }>(input: Input, upload: ImageUpload) {
  if (upload.status !== "done") return input;
  const rest: Omit<Input, "imageUrl"> & { imageUrl?: string } = { ...input };
  delete rest.imageUrl;
  return { ...rest, imageStorageId: upload.storageId };
}
